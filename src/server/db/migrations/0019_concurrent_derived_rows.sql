-- Issue 23 (5): derived rows stay right when two transactions write the same farm at once.
--
-- The triggers of 0007, 0008 and 0010 rewrite derived rows (the group log, an animal's group ids
-- and withdrawal days, offspring's parent names) by deleting, then inserting or updating them from
-- what their statement sees. On PostgreSQL, two READ COMMITTED transactions did that at once: both
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
CREATE FUNCTION farm_write_lock(farm_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  farm_key integer;
BEGIN
  -- 1919: this lock's class (the two-key form keeps it apart from any other advisory lock)
  FOR farm_key IN SELECT DISTINCT hashtext(f::text) FROM unnest(farm_ids) AS f WHERE f IS NOT NULL ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(1919, farm_key);
  END LOOP;
END $$;--> statement-breakpoint
-- 0007: an animal's group ids
CREATE OR REPLACE FUNCTION animals_group_ids_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM farm_write_lock(array_agg(DISTINCT farm_id)) FROM changed_rows;
  UPDATE animals a SET group_ids = coalesce((
      SELECT array_agg(ag.group_id ORDER BY ag.group_id) FROM animal_groups ag
      WHERE ag.farm_id = a.farm_id AND ag.animal_id = a.id), '{}')
    FROM (SELECT DISTINCT farm_id, animal_id FROM changed_rows) c
    WHERE a.farm_id = c.farm_id AND a.id = c.animal_id;
  RETURN NULL;
END $$;--> statement-breakpoint
-- 0008: the group log
CREATE OR REPLACE FUNCTION group_log_after_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM farm_write_lock(array_agg(farm_id))
    FROM (SELECT farm_id FROM new_rows UNION SELECT farm_id FROM old_rows) changed;
  PERFORM group_log_batches(array_agg(farm_id), array_agg(group_id), array_agg(batch_id))
    FROM (SELECT farm_id, group_id, batch_id FROM new_rows
          UNION SELECT farm_id, group_id, batch_id FROM old_rows) changed
    WHERE group_id IS NOT NULL HAVING count(*) > 0;
  PERFORM group_log_own(array_agg(farm_id), array_agg(id))
    FROM (SELECT farm_id, id FROM new_rows UNION ALL SELECT farm_id, id FROM old_rows) changed
    HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION group_log_after_entries_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM farm_write_lock(array_agg(DISTINCT farm_id)) FROM new_rows;
  PERFORM group_log_batches(array_agg(farm_id), array_agg(group_id), array_agg(batch_id))
    FROM (SELECT DISTINCT farm_id, group_id, batch_id FROM new_rows WHERE group_id IS NOT NULL) changed
    HAVING count(*) > 0;
  PERFORM group_log_own(array_agg(n.farm_id), array_agg(n.id))
    FROM new_rows n
    -- only animals with a group other than the entry's have own rows to write
    WHERE EXISTS (SELECT 1 FROM animal_groups m WHERE m.farm_id = n.farm_id AND m.animal_id = n.animal_id
                  AND m.group_id IS DISTINCT FROM n.group_id)
    HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION group_log_after_entries_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM farm_write_lock(array_agg(DISTINCT farm_id)) FROM old_rows;
  PERFORM group_log_batches(array_agg(farm_id), array_agg(group_id), array_agg(batch_id))
    FROM (SELECT DISTINCT farm_id, group_id, batch_id FROM old_rows WHERE group_id IS NOT NULL) changed
    HAVING count(*) > 0;
  DELETE FROM group_log l USING old_rows o WHERE l.farm_id = o.farm_id AND l.row_id = o.id AND l.own;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION group_log_after_join() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM farm_write_lock(array_agg(DISTINCT farm_id)) FROM new_rows;
  PERFORM group_log_own(array_agg(e.farm_id), array_agg(e.id))
    FROM (SELECT DISTINCT farm_id, animal_id FROM new_rows) m
    JOIN care_entries e ON e.farm_id = m.farm_id AND e.animal_id = m.animal_id
    HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION group_log_after_leave() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM farm_write_lock(array_agg(DISTINCT farm_id)) FROM old_rows;
  DELETE FROM group_log l
    USING old_rows m JOIN care_entries e ON e.farm_id = m.farm_id AND e.animal_id = m.animal_id
    WHERE l.farm_id = m.farm_id AND l.row_id = e.id AND l.group_id = m.group_id AND l.own;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION group_log_after_rename() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM farm_write_lock(ARRAY[NEW.farm_id]);
  PERFORM group_log_batches(array_agg(e.farm_id), array_agg(e.group_id), array_agg(e.batch_id))
    FROM care_entries e
    WHERE e.farm_id = NEW.farm_id AND e.animal_id = NEW.id AND e.group_id IS NOT NULL HAVING count(*) > 0;
  PERFORM group_log_own(array_agg(e.farm_id), array_agg(e.id))
    FROM care_entries e WHERE e.farm_id = NEW.farm_id AND e.animal_id = NEW.id HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
-- 0010: an animal's withdrawal days (these fire before the group log's, by name)
CREATE OR REPLACE FUNCTION animals_withdrawal_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM farm_write_lock(array_agg(DISTINCT farm_id)) FROM new_rows;
  PERFORM animals_withdrawal_refresh(array_agg(farm_id), array_agg(animal_id))
    FROM new_rows
    WHERE coalesce(meat_withdrawal_days, milk_withdrawal_days, egg_withdrawal_days) IS NOT NULL
    HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION animals_withdrawal_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM farm_write_lock(array_agg(farm_id))
    FROM (SELECT farm_id FROM new_rows UNION SELECT farm_id FROM old_rows) changed;
  PERFORM animals_withdrawal_refresh(array_agg(farm_id), array_agg(animal_id))
    FROM (SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows) changed
    WHERE coalesce(meat_withdrawal_days, milk_withdrawal_days, egg_withdrawal_days) IS NOT NULL
    HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION animals_withdrawal_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM farm_write_lock(array_agg(DISTINCT farm_id)) FROM old_rows;
  PERFORM animals_withdrawal_refresh(array_agg(farm_id), array_agg(animal_id))
    FROM old_rows
    WHERE coalesce(meat_withdrawal_days, milk_withdrawal_days, egg_withdrawal_days) IS NOT NULL
    HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
-- 0012: a renamed parent's name in its offspring and breedings (fires before the group log's)
CREATE OR REPLACE FUNCTION animals_parent_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM farm_write_lock(ARRAY[NEW.farm_id]);
  UPDATE animals SET dam = NEW.name WHERE farm_id = NEW.farm_id AND dam_id = NEW.id;
  UPDATE animals SET sire = NEW.name WHERE farm_id = NEW.farm_id AND sire_id = NEW.id;
  UPDATE breedings SET sire = NEW.name WHERE farm_id = NEW.farm_id AND sire_id = NEW.id;
  RETURN NULL;
END $$;
