-- Issue 31 (decision 0053): every egg collection keeps its list item, the JSON the Production
-- page's list shows of it but the two names (its group's and its recorder's, spliced in at read),
-- written with the row by a BEFORE trigger (routines/functions/egg_collections_item.sql), as care
-- entries keep theirs since migration 0041.
ALTER TABLE egg_collections ADD COLUMN item text;--> statement-breakpoint
CREATE OR REPLACE FUNCTION egg_collections_item() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.item := (SELECT row_to_json(collection)::text FROM (SELECT NEW.id, NEW.group_id AS "groupId",
    NEW.collected_on::text AS "collectedOn", NEW.eggs, NEW.cracked, NEW.dirty, NEW.small,
    NEW.discarded, NEW.eggs - NEW.discarded AS saleable, NEW.note, NEW.recorded_by AS "recordedById",
    to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
    to_char(NEW.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt") collection);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER egg_collections_item BEFORE INSERT OR UPDATE ON egg_collections
  FOR EACH ROW EXECUTE FUNCTION egg_collections_item();--> statement-breakpoint
UPDATE egg_collections SET item = NULL;--> statement-breakpoint
ALTER TABLE egg_collections ALTER COLUMN item SET NOT NULL;--> statement-breakpoint
-- The list's order whole in its indexes (newest day first, then the newest written, then the id),
-- the farm's and a group's: a page is then a slice of an index, where these indexes left every
-- collection of the day range to be sorted (a group's, at each page: a cost that grew with the
-- years). Each replaces the one it extends; the production figures read their first columns as
-- before.
DROP INDEX IF EXISTS egg_collections_farm_id_group_id_idx;--> statement-breakpoint
CREATE INDEX egg_collections_farm_id_group_id_idx
  ON egg_collections (farm_id, group_id, collected_on DESC, created_at DESC, id DESC);--> statement-breakpoint
DROP INDEX IF EXISTS egg_collections_farm_id_collected_on_idx;--> statement-breakpoint
CREATE INDEX egg_collections_farm_id_collected_on_idx
  ON egg_collections (farm_id, collected_on DESC, created_at DESC, id DESC);
