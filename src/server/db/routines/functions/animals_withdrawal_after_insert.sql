-- Care entries written: their animals' withdrawal last days, recomputed (see
-- animals_withdrawal_refresh). Only entries that carry a withdrawal period cost anything. The
-- animals_withdrawal_* triggers fire before the group log's (triggers of one event fire in name
-- order).
CREATE OR REPLACE FUNCTION animals_withdrawal_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM farm_write_lock(array_agg(DISTINCT farm_id)) FROM new_rows;
  PERFORM animals_withdrawal_refresh(array_agg(farm_id), array_agg(animal_id))
    FROM new_rows
    WHERE coalesce(meat_withdrawal_days, milk_withdrawal_days, egg_withdrawal_days) IS NOT NULL
    HAVING count(*) > 0;
  RETURN NULL;
END $$;
