-- An animal leaves a group: its entries leave the group's log.
CREATE OR REPLACE FUNCTION group_log_after_leave() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM farm_write_lock(array_agg(DISTINCT farm_id)) FROM old_rows;
  DELETE FROM group_log l
    USING old_rows m JOIN care_entries e ON e.farm_id = m.farm_id AND e.animal_id = m.animal_id
    WHERE l.farm_id = m.farm_id AND l.row_id = e.id AND l.group_id = m.group_id AND l.own;
  RETURN NULL;
END $$;
