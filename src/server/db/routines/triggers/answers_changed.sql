-- Every table of a farm's records, by the name answers_changed: a row written raises the farm's
-- version at the transaction's commit (decision 0062). A constraint trigger, so that it can wait
-- for the commit (DEFERRABLE INITIALLY DEFERRED), cannot be created OR REPLACE: it is dropped and
-- created again, in one statement. remembered-reads.test.ts fails if a table with a farm_id is
-- neither here nor among the few it names that need not raise the version: those no remembered
-- answer reads, and the group log, whose rows the triggers of care entries, groups and memberships
-- write in their own transaction (those tables raise it: a second trigger per log row cost writes).
-- Its function: functions/farm_answers_changed.sql.
DO $$
DECLARE
  records text;
BEGIN
  FOREACH records IN ARRAY ARRAY[
    'farm_members', 'invitations', 'species', 'species_gestation', 'groups', 'animals',
    'animal_groups', 'care_entries', 'reminders', 'reminder_animals', 'breedings',
    'egg_collections', 'milk_records', 'medicines', 'medicine_lots', 'stock_movements',
    'money_entries', 'record_shares', 'calendar_feeds'
  ] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS answers_changed ON %I', records);
    EXECUTE format('CREATE CONSTRAINT TRIGGER answers_changed AFTER INSERT OR UPDATE OR DELETE ON %I '
      'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION farm_answers_changed()', records);
  END LOOP;
  DROP TRIGGER IF EXISTS answers_changed ON group_log;
END $$;
