-- Memberships written: their animals' group ids.
-- Its function: functions/animals_group_ids_refresh.sql.
CREATE OR REPLACE TRIGGER animals_group_ids_insert AFTER INSERT ON animal_groups REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION animals_group_ids_refresh();
