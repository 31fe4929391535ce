-- Care entries removed: their animals' withdrawal last days, recomputed (see
-- animals_withdrawal_refresh). Only entries that carry a withdrawal period cost anything (the
-- farm's lock and the recompute).
CREATE OR REPLACE FUNCTION animals_withdrawal_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  farms uuid[];
  animals uuid[];
BEGIN
  SELECT array_agg(farm_id), array_agg(animal_id) INTO farms, animals
    FROM old_rows
    WHERE coalesce(meat_withdrawal_days, milk_withdrawal_days, egg_withdrawal_days) IS NOT NULL;
  PERFORM animals_withdrawal_refresh(farms, animals);
  RETURN NULL;
END $$;
