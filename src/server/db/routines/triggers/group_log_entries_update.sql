-- Care entries changed: the group log.
-- Its function: functions/group_log_after_entries.sql.
CREATE OR REPLACE TRIGGER group_log_entries_update AFTER UPDATE ON care_entries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION group_log_after_entries();
