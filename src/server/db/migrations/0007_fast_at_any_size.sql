-- Issue 10: reads whose cost does not grow with the herd's history. See docs/decisions/0021.
--
-- 1. Animals carry their natural-order name key (natural_sort_key() of 0006), computed once when
--    the name is written instead of at every list, and indexed for the farm's list order.
ALTER TABLE "animals" ADD COLUMN "name_key" text COLLATE "C" GENERATED ALWAYS AS (natural_sort_key("name")) STORED;--> statement-breakpoint
CREATE INDEX "animals_farm_id_name_key_idx" ON "animals" USING btree ("farm_id","name_key","id");--> statement-breakpoint
-- 1b. ...and its group ids, kept from animal_groups by a trigger, so that a list reads them with the
--     animal instead of probing the memberships once per animal.
ALTER TABLE "animals" ADD COLUMN "group_ids" uuid[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
CREATE FUNCTION animals_group_ids_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE animals a SET group_ids = coalesce((
      SELECT array_agg(ag.group_id ORDER BY ag.group_id) FROM animal_groups ag
      WHERE ag.farm_id = a.farm_id AND ag.animal_id = a.id), '{}')
    FROM (SELECT DISTINCT farm_id, animal_id FROM changed_rows) c
    WHERE a.farm_id = c.farm_id AND a.id = c.animal_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER animals_group_ids_insert AFTER INSERT ON animal_groups REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION animals_group_ids_refresh();--> statement-breakpoint
CREATE TRIGGER animals_group_ids_delete AFTER DELETE ON animal_groups REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION animals_group_ids_refresh();--> statement-breakpoint
UPDATE animals a SET group_ids = m.ids
  FROM (SELECT farm_id, animal_id, array_agg(group_id ORDER BY group_id) AS ids
        FROM animal_groups GROUP BY farm_id, animal_id) m
  WHERE a.farm_id = m.farm_id AND a.id = m.animal_id;--> statement-breakpoint
-- 1c. ...and its list item: the JSON a list shows for it (AnimalListItem in
--     src/shared/schemas/animals.ts), written with the row, so that a list only joins texts.
ALTER TABLE "animals" ADD COLUMN "list_item" text;--> statement-breakpoint
CREATE FUNCTION animals_list_item() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_item := json_build_object(
    'id', NEW.id,
    'name', NEW.name,
    'speciesName', (SELECT s.name FROM species s WHERE s.id = NEW.species_id),
    'sex', NEW.sex,
    'birthDate', NEW.birth_date,
    'weight', NEW.weight::float8,
    'weightUnit', NEW.weight_unit,
    'breed', NEW.breed,
    'tagId', NEW.tag_id,
    'thumbnailUrl', CASE WHEN NEW.photo_key IS NULL THEN NULL
      ELSE '/api/v1/animals/' || NEW.id || '/photo?v=' || regexp_replace(NEW.photo_key, '^.*/', '') || '&size=thumb' END,
    'groupIds', NEW.group_ids)::text;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER animals_list_item BEFORE INSERT OR UPDATE ON animals
  FOR EACH ROW EXECUTE FUNCTION animals_list_item();--> statement-breakpoint
UPDATE animals SET list_item = NULL;--> statement-breakpoint
ALTER TABLE "animals" ALTER COLUMN "list_item" SET NOT NULL;--> statement-breakpoint
-- 2. An animal's entries newest first straight from the index (history pages, the group log).
CREATE INDEX "care_entries_animal_recent_idx" ON "care_entries" USING btree ("farm_id","animal_id","date_recorded","created_at") INCLUDE ("group_id","batch_id","id");--> statement-breakpoint
DROP INDEX "care_entries_animal_idx";--> statement-breakpoint
-- 3. One summary row per group batch (the row a group's log shows), kept by the database itself
--    from care_entries and animals' names, in the same transaction as the write, whichever
--    statement writes (the API, a cascade, a group's deletion).
CREATE TABLE "care_batches" (
	"farm_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"type" "entry_type" NOT NULL,
	"date_recorded" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"medication_name" text,
	"dosage" numeric(12, 3),
	"dosage_unit" text,
	"weight_unit" "weight_unit",
	"title" text,
	"note_content" text,
	"animals" jsonb NOT NULL,
	CONSTRAINT "care_batches_farm_id_batch_id_group_id_pk" PRIMARY KEY("farm_id","batch_id","group_id")
);
--> statement-breakpoint
CREATE INDEX "care_batches_group_recent_idx" ON "care_batches" USING btree ("farm_id","group_id","date_recorded","created_at","batch_id");--> statement-breakpoint
-- Recomputes the summary rows of the given batches from their entries (none left: no row).
CREATE FUNCTION care_batches_refresh(farm_ids uuid[], batch_ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM care_batches cb
  USING unnest(farm_ids, batch_ids) AS t(farm_id, batch_id)
  WHERE cb.farm_id = t.farm_id AND cb.batch_id = t.batch_id;
  INSERT INTO care_batches (farm_id, batch_id, group_id, entry_id, type, date_recorded, created_at,
    medication_name, dosage, dosage_unit, weight_unit, title, note_content, animals)
  SELECT e.farm_id, e.batch_id, e.group_id,
    -- the row's own entry: its first animal's in name order; values: the batch's first entry's
    (array_agg(e.id ORDER BY a.name_key, a.id))[1],
    (array_agg(e.type ORDER BY e.created_at, e.id))[1],
    max(e.date_recorded),
    min(e.created_at),
    (array_agg(e.medication_name ORDER BY e.created_at, e.id))[1],
    (array_agg(e.dosage ORDER BY e.created_at, e.id))[1],
    (array_agg(e.dosage_unit ORDER BY e.created_at, e.id))[1],
    (array_agg(e.weight_unit ORDER BY e.created_at, e.id))[1],
    (array_agg(e.title ORDER BY e.created_at, e.id))[1],
    (array_agg(e.note_content ORDER BY e.created_at, e.id))[1],
    jsonb_agg(jsonb_build_object('id', a.id, 'name', a.name, 'entryId', e.id,
      'weightValue', e.weight_value::float8) ORDER BY a.name_key, a.id)
  FROM (SELECT DISTINCT * FROM unnest(farm_ids, batch_ids) AS u(farm_id, batch_id)) t
  JOIN care_entries e ON e.farm_id = t.farm_id AND e.batch_id = t.batch_id
  JOIN animals a ON a.farm_id = e.farm_id AND a.id = e.animal_id
  WHERE e.group_id IS NOT NULL
  GROUP BY e.farm_id, e.batch_id, e.group_id;
$$;--> statement-breakpoint
-- After an insert or a delete: the batches of the rows it wrote or removed (changed_rows).
CREATE FUNCTION care_batches_after_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM care_batches_refresh(array_agg(farm_id), array_agg(batch_id))
    FROM changed_rows WHERE group_id IS NOT NULL HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION care_batches_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM care_batches_refresh(array_agg(farm_id), array_agg(batch_id))
    FROM (SELECT farm_id, batch_id, group_id FROM new_rows
          UNION SELECT farm_id, batch_id, group_id FROM old_rows) changed
    WHERE group_id IS NOT NULL HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER care_batches_insert AFTER INSERT ON care_entries REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION care_batches_after_change();--> statement-breakpoint
CREATE TRIGGER care_batches_update AFTER UPDATE ON care_entries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION care_batches_after_update();--> statement-breakpoint
CREATE TRIGGER care_batches_delete AFTER DELETE ON care_entries REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION care_batches_after_change();--> statement-breakpoint
-- A renamed animal's name in the summaries of its group batches (a row trigger that fires on a
-- rename only: weighings and membership changes also update animals, and must not pay for it).
CREATE FUNCTION care_batches_after_rename() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM care_batches_refresh(array_agg(e.farm_id), array_agg(e.batch_id))
    FROM care_entries e
    WHERE e.farm_id = NEW.farm_id AND e.animal_id = NEW.id AND e.group_id IS NOT NULL HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER care_batches_rename AFTER UPDATE OF name ON animals
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION care_batches_after_rename();--> statement-breakpoint
-- The batches already recorded.
SELECT care_batches_refresh(array_agg(farm_id), array_agg(batch_id))
  FROM (SELECT DISTINCT farm_id, batch_id FROM care_entries WHERE group_id IS NOT NULL) recorded;
