-- A money entry as the Money page's list shows it: the JSON text of MoneyEntry
-- (src/shared/schemas/money.ts) but the three names, which change on their own (its group's, its
-- animal's and its recorder's) and are spliced in when the page is read (money.repo.ts). Written
-- with the row, so that a page is its rows' texts joined (decision 0053, as care_entries_item).
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
END $$;
