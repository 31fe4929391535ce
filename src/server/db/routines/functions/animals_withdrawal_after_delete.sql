-- Care entries removed: their animals' withdrawal last days, recomputed (see
-- animals_withdrawal_refresh). Only entries that carry a withdrawal period cost anything.
CREATE OR REPLACE FUNCTION animals_withdrawal_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM farm_write_lock(array_agg(DISTINCT farm_id)) FROM old_rows;
  PERFORM animals_withdrawal_refresh(array_agg(farm_id), array_agg(animal_id))
    FROM old_rows
    WHERE coalesce(meat_withdrawal_days, milk_withdrawal_days, egg_withdrawal_days) IS NOT NULL
    HAVING count(*) > 0;
  RETURN NULL;
END $$;
