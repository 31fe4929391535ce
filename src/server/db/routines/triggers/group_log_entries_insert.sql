-- Care entries written: the group log.
-- Its function: functions/group_log_after_entries_insert.sql.
CREATE OR REPLACE TRIGGER group_log_entries_insert AFTER INSERT ON care_entries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION group_log_after_entries_insert();
