-- Issue 11, withdrawal: a medical entry keeps what a vet's medicine record asks (route, batch/lot
-- number, who gave it) and its meat, milk and egg withdrawal periods in days. Each animal keeps the
-- last day of each withdrawal over all its medical entries (the date given plus the days; see
-- withdrawalLastDay in src/shared/care/withdrawal.ts), kept by triggers in the write's transaction,
-- so that lists read it with the row: whether that day has passed is the reader's question, asked
-- in the farm's time zone (a date does not expire in the database).
ALTER TABLE care_entries
  ADD COLUMN route text,
  ADD COLUMN lot_number text,
  ADD COLUMN given_by text,
  ADD COLUMN meat_withdrawal_days smallint,
  ADD COLUMN milk_withdrawal_days smallint,
  ADD COLUMN egg_withdrawal_days smallint;--> statement-breakpoint
ALTER TABLE care_entries ADD CONSTRAINT care_entries_medicine_record_check CHECK (
  (type = 'medical' OR (route IS NULL AND lot_number IS NULL AND given_by IS NULL
    AND meat_withdrawal_days IS NULL AND milk_withdrawal_days IS NULL AND egg_withdrawal_days IS NULL))
  AND (route IS NULL OR route IN ('oral', 'injection', 'topical', 'pour-on', 'other'))
  AND (meat_withdrawal_days IS NULL OR meat_withdrawal_days BETWEEN 0 AND 999)
  AND (milk_withdrawal_days IS NULL OR milk_withdrawal_days BETWEEN 0 AND 999)
  AND (egg_withdrawal_days IS NULL OR egg_withdrawal_days BETWEEN 0 AND 999));--> statement-breakpoint
ALTER TABLE animals
  ADD COLUMN meat_withdrawal_until date,
  ADD COLUMN milk_withdrawal_until date,
  ADD COLUMN egg_withdrawal_until date;--> statement-breakpoint
-- The last day of an entry's withdrawal: null for none (no period, or 0 days).
CREATE FUNCTION withdrawal_last_day(given date, days smallint) RETURNS date
  LANGUAGE sql IMMUTABLE AS $$ SELECT CASE WHEN days > 0 THEN given + days END $$;--> statement-breakpoint
-- Recomputes the animals' last days from their medical entries (bounded by each one's history).
CREATE FUNCTION animals_withdrawal_refresh(farm_ids uuid[], animal_ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE animals a SET meat_withdrawal_until = w.meat, milk_withdrawal_until = w.milk,
    egg_withdrawal_until = w.egg
  FROM (
    SELECT k.farm_id, k.animal_id,
      max(withdrawal_last_day(e.date_recorded, e.meat_withdrawal_days)) AS meat,
      max(withdrawal_last_day(e.date_recorded, e.milk_withdrawal_days)) AS milk,
      max(withdrawal_last_day(e.date_recorded, e.egg_withdrawal_days)) AS egg
    FROM (SELECT DISTINCT * FROM unnest(farm_ids, animal_ids) AS k(farm_id, animal_id)) k
    LEFT JOIN care_entries e ON e.farm_id = k.farm_id AND e.animal_id = k.animal_id AND e.type = 'medical'
    GROUP BY k.farm_id, k.animal_id
  ) w
  WHERE a.farm_id = w.farm_id AND a.id = w.animal_id
    AND (a.meat_withdrawal_until, a.milk_withdrawal_until, a.egg_withdrawal_until)
      IS DISTINCT FROM (w.meat, w.milk, w.egg);
$$;--> statement-breakpoint
-- Only entries that carry a withdrawal period (written, changed or removed) cost anything.
CREATE FUNCTION animals_withdrawal_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM animals_withdrawal_refresh(array_agg(farm_id), array_agg(animal_id))
    FROM new_rows
    WHERE coalesce(meat_withdrawal_days, milk_withdrawal_days, egg_withdrawal_days) IS NOT NULL
    HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION animals_withdrawal_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM animals_withdrawal_refresh(array_agg(farm_id), array_agg(animal_id))
    FROM (SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows) changed
    WHERE coalesce(meat_withdrawal_days, milk_withdrawal_days, egg_withdrawal_days) IS NOT NULL
    HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION animals_withdrawal_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM animals_withdrawal_refresh(array_agg(farm_id), array_agg(animal_id))
    FROM old_rows
    WHERE coalesce(meat_withdrawal_days, milk_withdrawal_days, egg_withdrawal_days) IS NOT NULL
    HAVING count(*) > 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER animals_withdrawal_entries_insert AFTER INSERT ON care_entries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION animals_withdrawal_after_insert();--> statement-breakpoint
CREATE TRIGGER animals_withdrawal_entries_update AFTER UPDATE ON care_entries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION animals_withdrawal_after_update();--> statement-breakpoint
CREATE TRIGGER animals_withdrawal_entries_delete AFTER DELETE ON care_entries REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION animals_withdrawal_after_delete();--> statement-breakpoint
-- The list item carries the last days (null when the animal never had a withdrawal period).
CREATE OR REPLACE FUNCTION animals_list_item() RETURNS trigger LANGUAGE plpgsql AS $$
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
    'groupIds', NEW.group_ids,
    'withdrawal', CASE WHEN coalesce(NEW.meat_withdrawal_until, NEW.milk_withdrawal_until, NEW.egg_withdrawal_until) IS NOT NULL
      THEN json_build_object('meat', NEW.meat_withdrawal_until, 'milk', NEW.milk_withdrawal_until,
        'eggs', NEW.egg_withdrawal_until) END)::text;
  RETURN NEW;
END $$;--> statement-breakpoint
UPDATE animals SET list_item = NULL;--> statement-breakpoint
-- My Animals' "Under withdrawal" filter: the farm's animals whose latest last day is today or later.
CREATE INDEX animals_farm_id_withdrawal_idx ON animals (farm_id,
  (greatest(meat_withdrawal_until, milk_withdrawal_until, egg_withdrawal_until)))
  WHERE coalesce(meat_withdrawal_until, milk_withdrawal_until, egg_withdrawal_until) IS NOT NULL;
