-- An animal leaves a group: the group log.
-- Its function: functions/group_log_after_leave.sql.
CREATE OR REPLACE TRIGGER group_log_leave AFTER DELETE ON animal_groups REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION group_log_after_leave();
