-- A farm's settings changed: its version raised at commit (decision 0062). A constraint trigger
-- (deferred to the commit), so dropped and created again in one statement.
-- Its function: functions/farms_answers_changed.sql.
DO $$
BEGIN
  DROP TRIGGER IF EXISTS farms_answers_changed ON farms;
  CREATE CONSTRAINT TRIGGER farms_answers_changed AFTER UPDATE ON farms
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION farms_answers_changed();
END $$;
