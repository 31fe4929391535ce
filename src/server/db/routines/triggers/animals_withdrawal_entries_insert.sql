-- Care entries written: their animals' withdrawal days.
-- Its function: functions/animals_withdrawal_after_insert.sql.
CREATE OR REPLACE TRIGGER animals_withdrawal_entries_insert AFTER INSERT ON care_entries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION animals_withdrawal_after_insert();
