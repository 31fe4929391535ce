-- The group log (decision 0021, 5): group_log holds every row a group's log shows, as the JSON
-- text the page sends (CareBatch in src/shared/schemas/care.ts): one per batch recorded for the
-- group (row_id: the batch's id), and one per entry of its animals' own, recorded for the animal
-- alone or with another group (row_id: the entry's id, own). Triggers keep it from care_entries,
-- animal_groups and animals' names, in the same transaction as the write, whichever statement
-- writes.
--
-- This one: the group rows of the given batches (farm, group, batch), recomputed from their
-- entries; each row names who recorded it (the batch's first entry's recorder).
-- PL/pgSQL with generic plans, not SQL, here and in group_log_own and animals_withdrawal_refresh:
-- PostgreSQL (before 18) plans a SQL function's statements again at every call, and PL/pgSQL plans
-- each call afresh too while a custom plan looks cheaper (always, for an array of unknown length).
-- These run in every care write's triggers: planning was ~3.5 ms of a one-animal note's 5 (issue
-- 31). A generic plan is made once per connection; every statement here is by farm and id, so one
-- plan fits every farm.
CREATE OR REPLACE FUNCTION group_log_batches(farm_ids uuid[], group_ids uuid[], batch_ids uuid[]) RETURNS void
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  -- By its key (farm, row, group): `IS NOT DISTINCT FROM` (the same here: a group row's group is
  -- never null) is no condition of an index, so the generic plan cannot take group_log_recent_idx,
  -- whose (farm, group) prefix it once preferred at an equal guess, and read the group's whole log
  -- at every write (a weigh-in 9.8 → 7.0 ms on the bench's 1,000 farms; decision 0056).
  DELETE FROM group_log l
  USING unnest(farm_ids, group_ids, batch_ids) AS t(farm_id, group_id, batch_id)
  WHERE l.farm_id = t.farm_id AND l.row_id = t.batch_id AND l.group_id IS NOT DISTINCT FROM t.group_id
    AND NOT l.own;
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
      'recordedBy', (SELECT coalesce(nullif(btrim(p.owner_name), ''), nullif(btrim(u.name), ''), u.email)
        FROM "user" u LEFT JOIN profiles p ON p.user_id = u.id WHERE u.id = b.recorded_by),
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
      (array_agg(e.recorded_by ORDER BY e.created_at, e.id))[1] AS recorded_by,
      json_agg(json_build_object('id', a.id, 'name', a.name, 'entryId', e.id,
        'weightValue', e.weight_value::float8) ORDER BY a.name_key, a.id) AS animals
    FROM (SELECT DISTINCT * FROM unnest(farm_ids, group_ids, batch_ids) AS u(farm_id, group_id, batch_id)) t
    JOIN care_entries e ON e.farm_id = t.farm_id AND e.batch_id = t.batch_id AND e.group_id = t.group_id
    JOIN animals a ON a.farm_id = e.farm_id AND a.id = e.animal_id
    GROUP BY e.farm_id, e.batch_id, e.group_id) b;
END $$;
