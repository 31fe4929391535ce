-- An egg collection as the Production page's list shows it: the JSON text of EggCollection
-- (src/shared/schemas/production.ts) but the two names, which change on their own (its group's and
-- its recorder's) and are spliced in when the page is read (production.repo.ts). Written with the
-- row, so that a page is its rows' texts joined (decision 0053, as care_entries_item).
CREATE OR REPLACE FUNCTION egg_collections_item() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.item := (SELECT row_to_json(collection)::text FROM (SELECT NEW.id, NEW.group_id AS "groupId",
    NEW.collected_on::text AS "collectedOn", NEW.eggs, NEW.cracked, NEW.dirty, NEW.small,
    NEW.discarded, NEW.eggs - NEW.discarded AS saleable, NEW.note, NEW.recorded_by AS "recordedById",
    to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
    to_char(NEW.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt") collection);
  RETURN NEW;
END $$;
