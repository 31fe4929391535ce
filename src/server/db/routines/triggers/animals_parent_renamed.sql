-- A parent renamed: its offspring's and breedings' names.
-- Its function: functions/animals_parent_renamed.sql.
CREATE OR REPLACE TRIGGER animals_parent_renamed AFTER UPDATE OF name ON animals
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION animals_parent_renamed();
