-- Issue 11, breeding: a farm's own gestation length per species (the built-in ones have defaults in
-- src/shared/animals/breeding.ts), and each breeding of a dam: its date, sire (linked or named),
-- the gestation used and the expected birth (kept equal to bred_on + gestation_days here), the
-- reminder made for it, and the day the birth was recorded.
CREATE TABLE species_gestation (
  farm_id uuid NOT NULL REFERENCES farms (id) ON DELETE CASCADE,
  species_id uuid NOT NULL REFERENCES species (id) ON DELETE CASCADE,
  days smallint NOT NULL CHECK (days BETWEEN 1 AND 400),
  PRIMARY KEY (farm_id, species_id)
);--> statement-breakpoint
CREATE INDEX species_gestation_species_id_idx ON species_gestation (species_id);--> statement-breakpoint
CREATE TABLE breedings (
  id uuid NOT NULL,
  farm_id uuid NOT NULL REFERENCES farms (id) ON DELETE CASCADE,
  dam_id uuid NOT NULL,
  sire_id uuid,
  sire text,
  bred_on date NOT NULL,
  gestation_days smallint NOT NULL CHECK (gestation_days BETWEEN 1 AND 400),
  expected_on date NOT NULL,
  note text,
  reminder_id uuid,
  born_on date,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY (farm_id, id),
  CONSTRAINT breedings_dam_fk FOREIGN KEY (farm_id, dam_id)
    REFERENCES animals (farm_id, id) ON DELETE CASCADE,
  CONSTRAINT breedings_sire_fk FOREIGN KEY (farm_id, sire_id)
    REFERENCES animals (farm_id, id) ON DELETE SET NULL (sire_id),
  CONSTRAINT breedings_reminder_fk FOREIGN KEY (farm_id, reminder_id)
    REFERENCES reminders (farm_id, id) ON DELETE SET NULL (reminder_id),
  CONSTRAINT breedings_expected_check CHECK (expected_on = bred_on + gestation_days),
  CONSTRAINT breedings_not_own_sire_check CHECK (sire_id IS DISTINCT FROM dam_id)
);--> statement-breakpoint
-- a dam's breedings, newest first; a sire's and a reminder's for their keys
CREATE INDEX breedings_farm_id_dam_id_idx ON breedings (farm_id, dam_id, bred_on DESC);--> statement-breakpoint
CREATE INDEX breedings_farm_id_sire_id_idx ON breedings (farm_id, sire_id) WHERE sire_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX breedings_farm_id_reminder_id_idx ON breedings (farm_id, reminder_id) WHERE reminder_id IS NOT NULL;--> statement-breakpoint
-- a linked sire renamed: its breedings' names follow, as its offspring's do (0011)
CREATE OR REPLACE FUNCTION animals_parent_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE animals SET dam = NEW.name WHERE farm_id = NEW.farm_id AND dam_id = NEW.id;
  UPDATE animals SET sire = NEW.name WHERE farm_id = NEW.farm_id AND sire_id = NEW.id;
  UPDATE breedings SET sire = NEW.name WHERE farm_id = NEW.farm_id AND sire_id = NEW.id;
  RETURN NULL;
END $$;
