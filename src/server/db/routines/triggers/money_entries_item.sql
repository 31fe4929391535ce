-- A money entry written: its list item, computed with the row (an update by a foreign key's
-- SET NULL too: a deleted group's or animal's entries lose their groupId, animalId or
-- animalSaleOf).
-- Its function: functions/money_entries_item.sql.
CREATE OR REPLACE TRIGGER money_entries_item BEFORE INSERT OR UPDATE ON money_entries
  FOR EACH ROW EXECUTE FUNCTION money_entries_item();
