-- Farm sharing (issue 14, decision 0032): a farm sitter's role, an end to a membership, the farm a
-- session works in, who recorded each entry, and invitations by email.
ALTER TYPE farm_role ADD VALUE IF NOT EXISTS 'sitter';
--> statement-breakpoint
ALTER TABLE farm_members ADD COLUMN access_until date;
--> statement-breakpoint
ALTER TABLE farm_members ADD COLUMN last_used_at timestamptz;
--> statement-breakpoint
ALTER TABLE session ADD COLUMN active_farm_id uuid REFERENCES farms(id) ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX session_active_farm_id_idx ON session (active_farm_id);
--> statement-breakpoint
ALTER TABLE care_entries ADD COLUMN recorded_by uuid REFERENCES "user"(id) ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX care_entries_recorded_by_idx ON care_entries (recorded_by);
--> statement-breakpoint
CREATE TABLE invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  farm_id uuid NOT NULL REFERENCES farms(id) ON DELETE CASCADE,
  email text NOT NULL,
  role farm_role NOT NULL,
  access_until date,
  token_hash text NOT NULL UNIQUE,
  invited_by uuid REFERENCES "user"(id) ON DELETE SET NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT invitations_farm_email_unique UNIQUE (farm_id, email)
);
--> statement-breakpoint
CREATE INDEX invitations_invited_by_idx ON invitations (invited_by);
--> statement-breakpoint
-- The group log's rows name who recorded them (the batch's first entry's recorder), as they are
-- written; the same functions as migration 0008 otherwise. No row before this has a recorder.
CREATE OR REPLACE FUNCTION group_log_batches(farm_ids uuid[], group_ids uuid[], batch_ids uuid[]) RETURNS void
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
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION group_log_own(farm_ids uuid[], entry_ids uuid[]) RETURNS void
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
$$;
