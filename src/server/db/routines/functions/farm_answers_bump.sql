-- Decision 0062: raises a farm's version (farm_versions, migration 0046) once per transaction, at
-- its commit: the deferred triggers that call it (answers_changed, farms_answers_changed,
-- person_answers_changed) fire when the transaction's changes are all made, so every later read
-- of the farm sees the new version together with them. A remembered answer of the farm is then no
-- longer used (src/server/http/remembered-reads.ts).
--
-- At commit, a transaction holds every row lock it will take; the version's row lock comes last,
-- and its holder is committing too, so waiting for it cannot deadlock. The farms already raised in
-- this transaction are kept in a setting local to it (paddock.answers_changed), so a batch of 17
-- rows raises the version once.
CREATE OR REPLACE FUNCTION farm_answers_bump(farm uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  raised text := coalesce(current_setting('paddock.answers_changed', true), '');
BEGIN
  IF farm IS NULL OR strpos(raised, farm::text) > 0 THEN
    RETURN;
  END IF;
  PERFORM set_config('paddock.answers_changed', raised || farm::text || ' ', true);
  UPDATE farm_versions SET version = nextval('farm_version_seq') WHERE farm_id = farm;
END $$;
