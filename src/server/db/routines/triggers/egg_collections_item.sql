-- An egg collection written: its list item, computed with the row (an update by a foreign key's
-- SET NULL too: a deleted group's collections lose their groupId, a deleted account's their
-- recordedById).
-- Its function: functions/egg_collections_item.sql.
CREATE OR REPLACE TRIGGER egg_collections_item BEFORE INSERT OR UPDATE ON egg_collections
  FOR EACH ROW EXECUTE FUNCTION egg_collections_item();
