-- Memberships removed: their animals' group ids.
-- Its function: functions/animals_group_ids_refresh.sql.
CREATE OR REPLACE TRIGGER animals_group_ids_delete AFTER DELETE ON animal_groups REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION animals_group_ids_refresh();
