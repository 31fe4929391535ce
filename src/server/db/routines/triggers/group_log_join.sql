-- An animal joins a group: the group log.
-- Its function: functions/group_log_after_join.sql.
CREATE OR REPLACE TRIGGER group_log_join AFTER INSERT ON animal_groups REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION group_log_after_join();
