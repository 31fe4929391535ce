-- A care entry as an animal's history shows it: the JSON text of CareEntry
-- (src/shared/schemas/care.ts) but the two names, which change on their own (the animal's, and
-- the recorder's 'by {name}') and are spliced in when the page is read (entries.repo.ts). Written
-- with the row, so that a page of the history is its rows' texts joined (decision 0053); the keys
-- are the API's, the numbers as float8 and the times as Date.prototype.toISOString() writes them.
-- row_to_json of a row writes it compact ("key":value), json_build_object with spaces.
CREATE OR REPLACE FUNCTION care_entries_item() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.item := (SELECT row_to_json(entry)::text FROM (SELECT NEW.id, NEW.batch_id AS "batchId",
    NEW.animal_id AS "animalId", NEW.group_id AS "groupId", NEW.type,
    NEW.date_recorded AS "dateRecorded", NEW.medication_name AS "medicationName",
    NEW.dosage::float8 AS dosage, NEW.dosage_unit AS "dosageUnit", NEW.route,
    NEW.lot_number AS "lotNumber", NEW.given_by AS "givenBy",
    NEW.meat_withdrawal_days AS "meatWithdrawalDays", NEW.milk_withdrawal_days AS "milkWithdrawalDays",
    NEW.egg_withdrawal_days AS "eggWithdrawalDays", NEW.organic,
    NEW.weight_value::float8 AS "weightValue", NEW.weight_unit AS "weightUnit",
    NEW.body_condition AS "bodyCondition", NEW.title, NEW.note_content AS "noteContent",
    to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
    to_char(NEW.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt") entry);
  RETURN NEW;
END $$;
