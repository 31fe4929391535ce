-- An animal written: its list item, computed with the row.
-- Its function: functions/animals_list_item.sql.
CREATE OR REPLACE TRIGGER animals_list_item BEFORE INSERT OR UPDATE ON animals
  FOR EACH ROW EXECUTE FUNCTION animals_list_item();
