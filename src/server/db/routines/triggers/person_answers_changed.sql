-- A person's account or profile written: the versions of the farms they work on raised at commit,
-- since the farms' lists show their name (decision 0062). Constraint triggers (deferred to the
-- commit), so dropped and created again in one statement.
-- Its function: functions/person_answers_changed.sql.
DO $$
BEGIN
  DROP TRIGGER IF EXISTS person_answers_changed ON "user";
  CREATE CONSTRAINT TRIGGER person_answers_changed AFTER UPDATE ON "user"
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION person_answers_changed('id');
  DROP TRIGGER IF EXISTS person_answers_changed ON profiles;
  CREATE CONSTRAINT TRIGGER person_answers_changed AFTER INSERT OR UPDATE OR DELETE ON profiles
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION person_answers_changed('user_id');
END $$;
