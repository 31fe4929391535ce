-- An animal inserted or its name written: its name_key.
-- Its function: functions/animals_name_key.sql.
CREATE OR REPLACE TRIGGER animals_name_key BEFORE INSERT OR UPDATE OF name ON animals
  FOR EACH ROW EXECUTE FUNCTION animals_name_key();
