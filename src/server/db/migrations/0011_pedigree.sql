-- Issue 11, breeding: an animal's dam and sire may be animals of the same farm (a composite key, as
-- the memberships have), or names typed for animals from elsewhere, as before. A linked parent's
-- name is kept in dam/sire too (renames follow it), so a parent's deletion leaves its name: the
-- key's ON DELETE SET NULL (dam_id) clears the link alone. An animal cannot be its own parent
-- (checked here) nor its own ancestor (checked by the service with one recursive query). The keys
-- are DEFERRABLE (still checked at each statement) so that a restore may insert a child before its
-- parent and check at commit.
ALTER TABLE animals ADD COLUMN dam_id uuid, ADD COLUMN sire_id uuid;--> statement-breakpoint
ALTER TABLE animals ADD CONSTRAINT animals_dam_fk FOREIGN KEY (farm_id, dam_id)
  REFERENCES animals (farm_id, id) ON DELETE SET NULL (dam_id) DEFERRABLE;--> statement-breakpoint
ALTER TABLE animals ADD CONSTRAINT animals_sire_fk FOREIGN KEY (farm_id, sire_id)
  REFERENCES animals (farm_id, id) ON DELETE SET NULL (sire_id) DEFERRABLE;--> statement-breakpoint
ALTER TABLE animals ADD CONSTRAINT animals_not_own_parent_check
  CHECK (dam_id IS DISTINCT FROM id AND sire_id IS DISTINCT FROM id);--> statement-breakpoint
-- an animal's offspring: one index probe each way
CREATE INDEX animals_farm_id_dam_id_idx ON animals (farm_id, dam_id) WHERE dam_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX animals_farm_id_sire_id_idx ON animals (farm_id, sire_id) WHERE sire_id IS NOT NULL;--> statement-breakpoint
-- a parent renamed: its offspring's dam/sire names follow
CREATE FUNCTION animals_parent_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE animals SET dam = NEW.name WHERE farm_id = NEW.farm_id AND dam_id = NEW.id;
  UPDATE animals SET sire = NEW.name WHERE farm_id = NEW.farm_id AND sire_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER animals_parent_renamed AFTER UPDATE OF name ON animals
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION animals_parent_renamed();
