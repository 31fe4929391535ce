-- An animal renamed: its name in the group log.
-- Its function: functions/group_log_after_rename.sql.
CREATE OR REPLACE TRIGGER group_log_rename AFTER UPDATE OF name ON animals
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION group_log_after_rename();
