-- Care entries changed: their animals' withdrawal last days, recomputed from the entries before
-- and after (see animals_withdrawal_refresh). Only entries that carry a withdrawal period, before
-- or after, cost anything (the farm's lock and the recompute).
CREATE OR REPLACE FUNCTION animals_withdrawal_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  farms uuid[];
  animals uuid[];
BEGIN
  SELECT array_agg(farm_id), array_agg(animal_id) INTO farms, animals
    FROM (SELECT farm_id, animal_id, meat_withdrawal_days, milk_withdrawal_days, egg_withdrawal_days FROM new_rows
          UNION ALL
          SELECT farm_id, animal_id, meat_withdrawal_days, milk_withdrawal_days, egg_withdrawal_days FROM old_rows) changed
    WHERE coalesce(meat_withdrawal_days, milk_withdrawal_days, egg_withdrawal_days) IS NOT NULL;
  PERFORM animals_withdrawal_refresh(farms, animals);
  RETURN NULL;
END $$;
