-- The own rows of the given entries (see group_log_batches), recomputed: one in each group of the
-- entry's animal but the group whose batch it belongs to (none for a deleted entry).
CREATE OR REPLACE FUNCTION group_log_own(farm_ids uuid[], entry_ids uuid[]) RETURNS void
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
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
      'recordedBy', (SELECT coalesce(nullif(btrim(p.owner_name), ''), nullif(btrim(u.name), ''), u.email)
        FROM "user" u LEFT JOIN profiles p ON p.user_id = u.id WHERE u.id = e.recorded_by),
      'createdAt', to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
  FROM (SELECT DISTINCT * FROM unnest(farm_ids, entry_ids) AS u(farm_id, entry_id)) t
  JOIN care_entries e ON e.farm_id = t.farm_id AND e.id = t.entry_id
  JOIN animals a ON a.farm_id = e.farm_id AND a.id = e.animal_id
  JOIN animal_groups m ON m.farm_id = e.farm_id AND m.animal_id = e.animal_id
  -- (a group being deleted is gone from groups before its memberships' cascade)
  JOIN groups g ON g.farm_id = m.farm_id AND g.id = m.group_id
  WHERE m.group_id IS DISTINCT FROM e.group_id;
END $$;
