-- Issue 31 (decision 0053): every money entry keeps its list item, the JSON the Money page's list
-- shows of it but the three names (its group's, its animal's and its recorder's, spliced in at
-- read), written with the row by a BEFORE trigger (routines/functions/money_entries_item.sql), as
-- care entries (0041) and egg collections (0042) keep theirs.
ALTER TABLE money_entries ADD COLUMN item text;--> statement-breakpoint
CREATE OR REPLACE FUNCTION money_entries_item() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.item := (SELECT row_to_json(entry)::text FROM (SELECT NEW.id, 'entry' AS source, NEW.kind,
    NEW.occurred_on::text AS "occurredOn", NEW.amount::float8 AS amount, NEW.category,
    NEW.group_id AS "groupId", NEW.animal_id AS "animalId", NEW.quantity::float8 AS quantity,
    NEW.quantity_unit AS "quantityUnit", NEW.note, NEW.animal_sale_of AS "animalSaleOf",
    NULL::uuid AS "medicineId",
    to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
    to_char(NEW.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt") entry);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER money_entries_item BEFORE INSERT OR UPDATE ON money_entries
  FOR EACH ROW EXECUTE FUNCTION money_entries_item();--> statement-breakpoint
UPDATE money_entries SET item = NULL;--> statement-breakpoint
ALTER TABLE money_entries ALTER COLUMN item SET NOT NULL;--> statement-breakpoint
-- The list's order whole in its indexes (newest day first, then the newest written, then the id),
-- the farm's and a group's: a page is then a slice of an index, where these left every entry of
-- the days asked to be sorted. Each replaces the one it extends; the figures read their first
-- columns as before.
DROP INDEX IF EXISTS money_entries_farm_id_occurred_on_idx;--> statement-breakpoint
CREATE INDEX money_entries_farm_id_occurred_on_idx
  ON money_entries (farm_id, occurred_on DESC, created_at DESC, id DESC);--> statement-breakpoint
DROP INDEX IF EXISTS money_entries_farm_id_group_id_idx;--> statement-breakpoint
CREATE INDEX money_entries_farm_id_group_id_idx
  ON money_entries (farm_id, group_id, occurred_on DESC, created_at DESC, id DESC)
  WHERE group_id IS NOT NULL;
