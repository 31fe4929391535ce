-- Issue 27 item 6, organic on the badge (decision 0040): an animal keeps, beside the last day of
-- each withdrawal, which kinds (meat, milk, eggs) have it from an organic treatment, so that its
-- badge and list item can say '(organic)'. Kept by animals_withdrawal_refresh with the last days.
-- Migrations run before the routines (decision 0034): the two bodies this recompute needs are
-- defined here as their files define them.
ALTER TABLE animals ADD COLUMN withdrawal_organic text[] NOT NULL DEFAULT '{}';
--> statement-breakpoint
CREATE OR REPLACE FUNCTION animals_withdrawal_refresh(farm_ids uuid[], animal_ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE animals a SET meat_withdrawal_until = w.meat, milk_withdrawal_until = w.milk,
    egg_withdrawal_until = w.egg, withdrawal_organic = w.organic
  FROM (
    SELECT farm_id, animal_id, meat, milk, egg,
      array_remove(ARRAY[
        CASE WHEN meat IS NOT NULL AND meat_organic THEN 'meat' END,
        CASE WHEN milk IS NOT NULL AND milk_organic THEN 'milk' END,
        CASE WHEN egg IS NOT NULL AND egg_organic THEN 'eggs' END], NULL) AS organic
    FROM (
      SELECT k.farm_id, k.animal_id,
        max(d.meat) AS meat, max(d.milk) AS milk, max(d.egg) AS egg,
        -- the flag of the entry with the latest last day of each kind
        (array_agg(e.organic ORDER BY d.meat DESC NULLS LAST, e.organic DESC))[1] AS meat_organic,
        (array_agg(e.organic ORDER BY d.milk DESC NULLS LAST, e.organic DESC))[1] AS milk_organic,
        (array_agg(e.organic ORDER BY d.egg DESC NULLS LAST, e.organic DESC))[1] AS egg_organic
      FROM (SELECT DISTINCT * FROM unnest(farm_ids, animal_ids) AS k(farm_id, animal_id)) k
      LEFT JOIN care_entries e ON e.farm_id = k.farm_id AND e.animal_id = k.animal_id AND e.type = 'medical'
      LEFT JOIN LATERAL (SELECT
          withdrawal_last_day(e.date_recorded, e.meat_withdrawal_days) AS meat,
          withdrawal_last_day(e.date_recorded, e.milk_withdrawal_days) AS milk,
          withdrawal_last_day(e.date_recorded, e.egg_withdrawal_days) AS egg) d ON true
      GROUP BY k.farm_id, k.animal_id
    ) last_days
  ) w
  WHERE a.farm_id = w.farm_id AND a.id = w.animal_id
    AND (a.meat_withdrawal_until, a.milk_withdrawal_until, a.egg_withdrawal_until, a.withdrawal_organic)
      IS DISTINCT FROM (w.meat, w.milk, w.egg, w.organic);
$$;--> statement-breakpoint
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
    'withdrawal', CASE
      WHEN coalesce(NEW.meat_withdrawal_until, NEW.milk_withdrawal_until, NEW.egg_withdrawal_until) IS NULL THEN NULL
      WHEN cardinality(NEW.withdrawal_organic) > 0
      THEN json_build_object('meat', NEW.meat_withdrawal_until, 'milk', NEW.milk_withdrawal_until,
        'eggs', NEW.egg_withdrawal_until, 'organic', NEW.withdrawal_organic)
      ELSE json_build_object('meat', NEW.meat_withdrawal_until, 'milk', NEW.milk_withdrawal_until,
        'eggs', NEW.egg_withdrawal_until) END)::text;
  RETURN NEW;
END $$;--> statement-breakpoint
-- every animal with an organic medical entry, its flags recomputed (its list item with the row)
SELECT animals_withdrawal_refresh(array_agg(farm_id), array_agg(animal_id))
FROM (SELECT DISTINCT farm_id, animal_id FROM care_entries WHERE type = 'medical' AND organic) treated
HAVING count(*) > 0;
