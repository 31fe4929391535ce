-- An animal's name_key (its place in natural order, natural_sort_key of its name), set when the
-- row is inserted or its name written (migration 0045): not at every update, as the generated
-- column it was (a weigh-in's latest weights).
CREATE OR REPLACE FUNCTION animals_name_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.name_key := natural_sort_key(NEW.name);
  RETURN NEW;
END $$;
