-- A renamed parent's name follows in its offspring's dam/sire and in its breedings' sire: a linked
-- parent's name is kept beside its id, so that its deletion leaves the name (decision 0024). Fires
-- before the group log's rename trigger (triggers of one event fire in name order).
CREATE OR REPLACE FUNCTION animals_parent_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM farm_write_lock(ARRAY[NEW.farm_id]);
  UPDATE animals SET dam = NEW.name WHERE farm_id = NEW.farm_id AND dam_id = NEW.id;
  UPDATE animals SET sire = NEW.name WHERE farm_id = NEW.farm_id AND sire_id = NEW.id;
  UPDATE breedings SET sire = NEW.name WHERE farm_id = NEW.farm_id AND sire_id = NEW.id;
  RETURN NULL;
END $$;
