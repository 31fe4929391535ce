-- Care entries removed: their animals' withdrawal days.
-- Its function: functions/animals_withdrawal_after_delete.sql.
CREATE OR REPLACE TRIGGER animals_withdrawal_entries_delete AFTER DELETE ON care_entries REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION animals_withdrawal_after_delete();
