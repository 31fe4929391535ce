-- Care entries changed: their animals' withdrawal days.
-- Its function: functions/animals_withdrawal_after_update.sql.
CREATE OR REPLACE TRIGGER animals_withdrawal_entries_update AFTER UPDATE ON care_entries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION animals_withdrawal_after_update();
