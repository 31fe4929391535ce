-- Care entries changed: their animals' withdrawal last days, recomputed from the entries before
-- and after (see animals_withdrawal_refresh). Only entries that carry a withdrawal period cost
-- anything.
CREATE OR REPLACE FUNCTION animals_withdrawal_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM farm_write_lock(array_agg(farm_id))
    FROM (SELECT farm_id FROM new_rows UNION SELECT farm_id FROM old_rows) changed;
  PERFORM animals_withdrawal_refresh(array_agg(farm_id), array_agg(animal_id))
    FROM (SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows) changed
    WHERE coalesce(meat_withdrawal_days, milk_withdrawal_days, egg_withdrawal_days) IS NOT NULL
    HAVING count(*) > 0;
  RETURN NULL;
END $$;
