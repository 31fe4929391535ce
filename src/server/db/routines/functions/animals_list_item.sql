-- An animal's list item: the JSON a list shows for it (AnimalListItem in
-- src/shared/schemas/animals.ts), written with the row so that a list only joins texts (decision
-- 0021). The withdrawal's last days are null when the animal never had a withdrawal period; its
-- `organic` kinds (migration 0034) are there only when one of them comes from an organic treatment;
-- `exit` (migration 0035) is null while the animal is in the herd.
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
    -- ISO 11784/11785 (migration 0038): scanning matches it on the device
    'electronicId', NEW.electronic_id,
    'thumbnailUrl', CASE WHEN NEW.photo_key IS NULL THEN NULL
      ELSE '/api/v1/animals/' || NEW.id || '/photo?v=' || regexp_replace(NEW.photo_key, '^.*/', '') || '&size=thumb' END,
    'groupIds', NEW.group_ids,
    'withdrawal', CASE
      WHEN coalesce(NEW.meat_withdrawal_until, NEW.milk_withdrawal_until, NEW.egg_withdrawal_until) IS NULL THEN NULL
      WHEN cardinality(NEW.withdrawal_organic) > 0
      THEN json_build_object('meat', NEW.meat_withdrawal_until, 'milk', NEW.milk_withdrawal_until,
        'eggs', NEW.egg_withdrawal_until, 'organic', NEW.withdrawal_organic)
      ELSE json_build_object('meat', NEW.meat_withdrawal_until, 'milk', NEW.milk_withdrawal_until,
        'eggs', NEW.egg_withdrawal_until) END,
    -- how it left the herd (migration 0035): only on a past animal's item
    'exit', CASE WHEN NEW.exit_kind IS NULL THEN NULL
      ELSE json_build_object('kind', NEW.exit_kind, 'date', NEW.exit_on) END)::text;
  RETURN NEW;
END $$;
