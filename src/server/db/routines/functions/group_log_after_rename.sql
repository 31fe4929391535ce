-- A renamed animal's name in its group log rows (a row trigger that fires on a rename only:
-- weighings and membership changes also update animals, and must not pay for it).
CREATE OR REPLACE FUNCTION group_log_after_rename() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM farm_write_lock(ARRAY[NEW.farm_id]);
  PERFORM group_log_batches(array_agg(e.farm_id), array_agg(e.group_id), array_agg(e.batch_id))
    FROM care_entries e
    WHERE e.farm_id = NEW.farm_id AND e.animal_id = NEW.id AND e.group_id IS NOT NULL HAVING count(*) > 0;
  PERFORM group_log_own(array_agg(e.farm_id), array_agg(e.id))
    FROM care_entries e WHERE e.farm_id = NEW.farm_id AND e.animal_id = NEW.id HAVING count(*) > 0;
  RETURN NULL;
END $$;
