-- Issue 26, milk: each doe's milk at one milking, in the unit it was weighed or measured in, with
-- the part thrown away for a milk withdrawal (kept apart so that totals never sell it). The amounts
-- are checked here as in src/shared/schemas/milk.ts. Deleting the doe takes her records (as her
-- care entries); deleting the group they were recorded from keeps them, with no group (as egg
-- collections); a recorder's account only clears the link.
CREATE TYPE "public"."milk_unit" AS ENUM('lbs', 'kg', 'L', 'gal');--> statement-breakpoint
CREATE TYPE "public"."milking" AS ENUM('morning', 'evening', 'once');--> statement-breakpoint
-- The farm's milk unit, set beside its weight unit: a farm keeps the unit it weighs in (lbs or kg),
-- and a new farm starts in lbs for both, as its weight unit does (decision 0038).
ALTER TABLE farms ADD COLUMN milk_unit milk_unit;--> statement-breakpoint
UPDATE farms SET milk_unit = weight_unit::text::milk_unit;--> statement-breakpoint
ALTER TABLE farms ALTER COLUMN milk_unit SET DEFAULT 'lbs', ALTER COLUMN milk_unit SET NOT NULL;--> statement-breakpoint
CREATE TABLE milk_records (
  id uuid NOT NULL,
  farm_id uuid NOT NULL REFERENCES farms (id) ON DELETE CASCADE,
  animal_id uuid NOT NULL,
  group_id uuid,
  milked_on date NOT NULL,
  milking milking NOT NULL,
  amount numeric(7, 2) NOT NULL CHECK (amount > 0 AND amount <= 1000),
  unit milk_unit NOT NULL,
  discarded numeric(7, 2) NOT NULL DEFAULT 0 CHECK (discarded >= 0 AND discarded <= amount),
  note text,
  recorded_by uuid REFERENCES "user" (id) ON DELETE SET NULL,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY (farm_id, id),
  CONSTRAINT milk_records_animal_fk FOREIGN KEY (farm_id, animal_id)
    REFERENCES animals (farm_id, id) ON DELETE CASCADE,
  CONSTRAINT milk_records_group_fk FOREIGN KEY (farm_id, group_id)
    REFERENCES groups (farm_id, id) ON DELETE SET NULL (group_id)
);--> statement-breakpoint
-- a doe's milk newest first (her list, her production, her health record); the farm's by date
-- (farm-wide totals, the export); the group's key (its deletion)
CREATE INDEX milk_records_farm_id_animal_id_idx ON milk_records (farm_id, animal_id, milked_on DESC);--> statement-breakpoint
CREATE INDEX milk_records_farm_id_milked_on_idx ON milk_records (farm_id, milked_on DESC);--> statement-breakpoint
CREATE INDEX milk_records_farm_id_group_id_idx ON milk_records (farm_id, group_id) WHERE group_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX milk_records_recorded_by_idx ON milk_records (recorded_by) WHERE recorded_by IS NOT NULL;
