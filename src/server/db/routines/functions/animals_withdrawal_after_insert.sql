-- Care entries written: their animals' withdrawal last days, recomputed (see
-- animals_withdrawal_refresh). Only entries that carry a withdrawal period cost anything: a note or
-- a weight takes neither the farm's lock nor a recompute here. The animals_withdrawal_* triggers
-- fire before the group log's (triggers of one event fire in name order).
CREATE OR REPLACE FUNCTION animals_withdrawal_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  farms uuid[];
  animals uuid[];
BEGIN
  SELECT array_agg(farm_id), array_agg(animal_id) INTO farms, animals
    FROM new_rows
    WHERE coalesce(meat_withdrawal_days, milk_withdrawal_days, egg_withdrawal_days) IS NOT NULL;
  PERFORM animals_withdrawal_refresh(farms, animals);
  RETURN NULL;
END $$;
