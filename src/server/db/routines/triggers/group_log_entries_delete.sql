-- Care entries removed: the group log.
-- Its function: functions/group_log_after_entries_delete.sql.
CREATE OR REPLACE TRIGGER group_log_entries_delete AFTER DELETE ON care_entries REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION group_log_after_entries_delete();
