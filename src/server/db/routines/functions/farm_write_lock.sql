-- Issue 23 (5): derived rows stay right when two transactions write the same farm at once.
--
-- The triggers that keep derived rows (the group log, an animal's group ids and withdrawal days,
-- offspring's parent names) rewrite them by deleting, then inserting or updating them from what
-- their statement sees. On PostgreSQL, two READ COMMITTED transactions did that at once: both
-- inserted the same group_log key (a duplicate key: 500), or the later commit wrote rows computed
-- without the other's change (stale). Upserts alone would end the 500s but not the stale rows.
--
-- So each trigger first takes one transaction-level advisory lock per farm it touches (held to
-- commit or rollback, nothing to release); its recompute then runs after any other writer of the
-- farm has committed, and each statement of it (a new snapshot in READ COMMITTED) sees that
-- writer's rows as well as its own. Farms are locked in the order of their keys, so that a
-- statement touching several farms (a user's deletion) cannot deadlock with another.
--
-- Deadlocks: a trigger runs after its statement has locked its rows, so a transaction waiting here
-- may hold row locks that the lock's holder needs next (a rename waiting while a batch edit goes on
-- to update the renamed animal's weight). The app's write transactions that change these tables
-- therefore take the same lock before their first row lock (lockFarm in src/server/db/farm-lock.ts):
-- one lock, always first, in a fixed order. Here it is then already held and costs nothing; for
-- any other writer (a cascade, a script) it still keeps the rows right.
CREATE OR REPLACE FUNCTION farm_write_lock(farm_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  farm_key integer;
BEGIN
  -- one farm, the common case (every write of the app is one farm's): its lock, with no query
  IF farm_ids[1] IS NOT NULL AND farm_ids <@ ARRAY[farm_ids[1]] THEN
    PERFORM pg_advisory_xact_lock(1919, hashtext(farm_ids[1]::text));
    RETURN;
  END IF;
  -- 1919: this lock's class (the two-key form keeps it apart from any other advisory lock)
  FOR farm_key IN SELECT DISTINCT hashtext(f::text) FROM unnest(farm_ids) AS f WHERE f IS NOT NULL ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(1919, farm_key);
  END LOOP;
END $$;
