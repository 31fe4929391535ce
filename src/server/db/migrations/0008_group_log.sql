-- Issue 10: a group's log is one slice of rows the database keeps, whatever the history.
-- See docs/decisions/0021 (5).
--
-- group_log holds every row a group's log shows, as the JSON text the page sends (CareBatch in
-- src/shared/schemas/care.ts): one per batch recorded for the group (row_id: the batch's id), and
-- one per entry of its animals' own — recorded for the animal alone or with another group
-- (row_id: the entry's id, own). Triggers keep it from care_entries, animal_groups and animals'
-- names, in the same transaction as the write, whichever statement writes. It replaces
-- care_batches (0007), which kept the batches only: the log then probed every member's newest
-- entries on every read.
DROP TRIGGER care_batches_insert ON care_entries;--> statement-breakpoint
DROP TRIGGER care_batches_update ON care_entries;--> statement-breakpoint
DROP TRIGGER care_batches_delete ON care_entries;--> statement-breakpoint
DROP TRIGGER care_batches_rename ON animals;--> statement-breakpoint
DROP FUNCTION care_batches_after_change();--> statement-breakpoint
DROP FUNCTION care_batches_after_update();--> statement-breakpoint
DROP FUNCTION care_batches_after_rename();--> statement-breakpoint
DROP FUNCTION care_batches_refresh(uuid[], uuid[]);--> statement-breakpoint
DROP TABLE care_batches;--> statement-breakpoint
CREATE TABLE "group_log" (
	"farm_id" uuid NOT NULL,
	"row_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"own" boolean NOT NULL,
	"batch_id" uuid NOT NULL,
	"date_recorded" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"item" text NOT NULL,
	CONSTRAINT "group_log_farm_id_row_id_group_id_pk" PRIMARY KEY("farm_id","row_id","group_id"),
	CONSTRAINT "group_log_group_fk" FOREIGN KEY ("farm_id","group_id") REFERENCES "groups"("farm_id","id") ON DELETE cascade
);
--> statement-breakpoint
-- the log's order, newest first, read backwards
CREATE INDEX "group_log_recent_idx" ON "group_log" USING btree ("farm_id","group_id","date_recorded","created_at","batch_id","row_id");--> statement-breakpoint
-- The group rows of the given batches (farm, group, batch), recomputed from their entries.
CREATE FUNCTION group_log_batches(farm_ids uuid[], group_ids uuid[], batch_ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM group_log l
  USING unnest(farm_ids, group_ids, batch_ids) AS t(farm_id, group_id, batch_id)
  WHERE l.farm_id = t.farm_id AND l.row_id = t.batch_id AND l.group_id = t.group_id AND NOT l.own;
  INSERT INTO group_log (farm_id, row_id, group_id, own, batch_id, date_recorded, created_at, item)
  SELECT b.farm_id, b.batch_id, b.group_id, false, b.batch_id, b.date_recorded, b.created_at,
    json_build_object(
      'batchId', b.batch_id,
      'forAnimal', NULL,
      'entryId', b.entry_id,
      'type', b.type,
      'dateRecorded', b.date_recorded,
      'medicationName', b.medication_name,
      'dosage', b.dosage::float8,
      'dosageUnit', b.dosage_unit,
      'weightUnit', b.weight_unit,
      'title', b.title,
      'noteContent', b.note_content,
      'animals', b.animals,
      'createdAt', to_char(b.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
  FROM (
    SELECT e.farm_id, e.batch_id, e.group_id,
      -- the row's own entry: its first animal's in name order; values: the batch's first entry's
      (array_agg(e.id ORDER BY a.name_key, a.id))[1] AS entry_id,
      (array_agg(e.type ORDER BY e.created_at, e.id))[1] AS type,
      max(e.date_recorded) AS date_recorded,
      min(e.created_at) AS created_at,
      (array_agg(e.medication_name ORDER BY e.created_at, e.id))[1] AS medication_name,
      (array_agg(e.dosage ORDER BY e.created_at, e.id))[1] AS dosage,
      (array_agg(e.dosage_unit ORDER BY e.created_at, e.id))[1] AS dosage_unit,
      (array_agg(e.weight_unit ORDER BY e.created_at, e.id))[1] AS weight_unit,
      (array_agg(e.title ORDER BY e.created_at, e.id))[1] AS title,
      (array_agg(e.note_content ORDER BY e.created_at, e.id))[1] AS note_content,
      json_agg(json_build_object('id', a.id, 'name', a.name, 'entryId', e.id,
        'weightValue', e.weight_value::float8) ORDER BY a.name_key, a.id) AS animals
    FROM (SELECT DISTINCT * FROM unnest(farm_ids, group_ids, batch_ids) AS u(farm_id, group_id, batch_id)) t
    JOIN care_entries e ON e.farm_id = t.farm_id AND e.batch_id = t.batch_id AND e.group_id = t.group_id
    JOIN animals a ON a.farm_id = e.farm_id AND a.id = e.animal_id
    GROUP BY e.farm_id, e.batch_id, e.group_id) b;
$$;--> statement-breakpoint
-- The own rows of the given entries, recomputed: one in each group of the entry's animal but the
-- group whose batch it belongs to (none for a deleted entry).
CREATE FUNCTION group_log_own(farm_ids uuid[], entry_ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM group_log l
  USING unnest(farm_ids, entry_ids) AS t(farm_id, entry_id)
  WHERE l.farm_id = t.farm_id AND l.row_id = t.entry_id AND l.own;
  INSERT INTO group_log (farm_id, row_id, group_id, own, batch_id, date_recorded, created_at, item)
  SELECT e.farm_id, e.id, m.group_id, true, e.batch_id, e.date_recorded, e.created_at,
    json_build_object(
      'batchId', e.batch_id,
      'forAnimal', json_build_object('id', a.id, 'name', a.name),
      'entryId', e.id,
      'type', e.type,
      'dateRecorded', e.date_recorded,
      'medicationName', e.medication_name,
      'dosage', e.dosage::float8,
      'dosageUnit', e.dosage_unit,
      'weightUnit', e.weight_unit,
      'title', e.title,
      'noteContent', e.note_content,
      'animals', json_build_array(json_build_object('id', a.id, 'name', a.name, 'entryId', e.id,
        'weightValue', e.weight_value::float8)),
      'createdAt', to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
  FROM (SELECT DISTINCT * FROM unnest(farm_ids, entry_ids) AS u(farm_id, entry_id)) t
  JOIN care_entries e ON e.farm_id = t.farm_id AND e.id = t.entry_id
  JOIN animals a ON a.farm_id = e.farm_id AND a.id = e.animal_id
  JOIN animal_groups m ON m.farm_id = e.farm_id AND m.animal_id = e.animal_id
  -- (a group being deleted is gone from groups before its memberships' cascade)
  JOIN groups g ON g.farm_id = m.farm_id AND g.id = m.group_id
  WHERE m.group_id IS DISTINCT FROM e.group_id;
$$;--> statement-breakpoint
-- care_entries written or removed: their batches' rows and their own rows.
CREATE FUNCTION group_log_after_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM group_log_batches(array_agg(farm_id), array_agg(group_id), array_agg(batch_id))
    FROM (SELECT farm_id, group_id, batch_id FROM new_rows
          UNION SELECT farm_id, group_id, batch_id FROM old_rows) changed
    WHERE group_id IS NOT NULL HAVING count(*) > 0;
  PERFORM group_log_own(array_agg(farm_id), array_agg(id))
    FROM (SELECT farm_id, id FROM new_rows UNION ALL SELECT farm_id, id FROM old_rows) changed
    HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
-- (an insert has no old rows and a delete no new ones: each trigger names an empty stand-in)
CREATE FUNCTION group_log_after_entries_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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
CREATE FUNCTION group_log_after_entries_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM group_log_batches(array_agg(farm_id), array_agg(group_id), array_agg(batch_id))
    FROM (SELECT DISTINCT farm_id, group_id, batch_id FROM old_rows WHERE group_id IS NOT NULL) changed
    HAVING count(*) > 0;
  DELETE FROM group_log l USING old_rows o WHERE l.farm_id = o.farm_id AND l.row_id = o.id AND l.own;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER group_log_entries_insert AFTER INSERT ON care_entries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION group_log_after_entries_insert();--> statement-breakpoint
CREATE TRIGGER group_log_entries_update AFTER UPDATE ON care_entries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION group_log_after_entries();--> statement-breakpoint
CREATE TRIGGER group_log_entries_delete AFTER DELETE ON care_entries REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION group_log_after_entries_delete();--> statement-breakpoint
-- An animal joins a group: its entries of its own (and of other groups' batches) join the log.
CREATE FUNCTION group_log_after_join() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM group_log_own(array_agg(e.farm_id), array_agg(e.id))
    FROM (SELECT DISTINCT farm_id, animal_id FROM new_rows) m
    JOIN care_entries e ON e.farm_id = m.farm_id AND e.animal_id = m.animal_id
    HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
-- ...and leaves it: they leave its log.
CREATE FUNCTION group_log_after_leave() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM group_log l
    USING old_rows m JOIN care_entries e ON e.farm_id = m.farm_id AND e.animal_id = m.animal_id
    WHERE l.farm_id = m.farm_id AND l.row_id = e.id AND l.group_id = m.group_id AND l.own;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER group_log_join AFTER INSERT ON animal_groups REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION group_log_after_join();--> statement-breakpoint
CREATE TRIGGER group_log_leave AFTER DELETE ON animal_groups REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION group_log_after_leave();--> statement-breakpoint
-- A renamed animal's name in its rows (a row trigger that fires on a rename only: weighings and
-- membership changes also update animals, and must not pay for it).
CREATE FUNCTION group_log_after_rename() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM group_log_batches(array_agg(e.farm_id), array_agg(e.group_id), array_agg(e.batch_id))
    FROM care_entries e
    WHERE e.farm_id = NEW.farm_id AND e.animal_id = NEW.id AND e.group_id IS NOT NULL HAVING count(*) > 0;
  PERFORM group_log_own(array_agg(e.farm_id), array_agg(e.id))
    FROM care_entries e WHERE e.farm_id = NEW.farm_id AND e.animal_id = NEW.id HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER group_log_rename AFTER UPDATE OF name ON animals
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION group_log_after_rename();--> statement-breakpoint
-- What is already recorded.
SELECT group_log_batches(array_agg(farm_id), array_agg(group_id), array_agg(batch_id))
  FROM (SELECT DISTINCT farm_id, group_id, batch_id FROM care_entries WHERE group_id IS NOT NULL) recorded;--> statement-breakpoint
SELECT group_log_own(array_agg(farm_id), array_agg(id)) FROM care_entries;
