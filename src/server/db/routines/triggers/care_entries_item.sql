-- A care entry written: its history item, computed with the row (an update by a foreign key's
-- SET NULL too: a deleted group's entries lose their groupId).
-- Its function: functions/care_entries_item.sql.
CREATE OR REPLACE TRIGGER care_entries_item BEFORE INSERT OR UPDATE ON care_entries
  FOR EACH ROW EXECUTE FUNCTION care_entries_item();
