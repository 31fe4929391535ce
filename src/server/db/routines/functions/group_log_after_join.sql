-- An animal joins a group: its entries of its own (and of other groups' batches) join the log.
CREATE OR REPLACE FUNCTION group_log_after_join() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM farm_write_lock(array_agg(DISTINCT farm_id)) FROM new_rows;
  PERFORM group_log_own(array_agg(e.farm_id), array_agg(e.id))
    FROM (SELECT DISTINCT farm_id, animal_id FROM new_rows) m
    JOIN care_entries e ON e.farm_id = m.farm_id AND e.animal_id = m.animal_id
    HAVING count(*) > 0;
  RETURN NULL;
END $$;
