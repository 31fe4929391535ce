-- Issue 26, eggs: each collection of a group's eggs on a day, with the part thrown away because an
-- animal of the group was under an egg withdrawal (kept apart so that totals never sell it). The
-- counts are checked here as in src/shared/schemas/production.ts; deleting a group keeps its
-- collections (the farm's egg history, as care entries keep theirs), and a recorder's account only
-- clears the link.
CREATE TABLE egg_collections (
  id uuid NOT NULL,
  farm_id uuid NOT NULL REFERENCES farms (id) ON DELETE CASCADE,
  group_id uuid,
  collected_on date NOT NULL,
  eggs integer NOT NULL CHECK (eggs BETWEEN 0 AND 10000),
  cracked integer CHECK (cracked BETWEEN 0 AND eggs),
  dirty integer CHECK (dirty BETWEEN 0 AND eggs),
  small integer CHECK (small BETWEEN 0 AND eggs),
  discarded integer NOT NULL DEFAULT 0 CHECK (discarded BETWEEN 0 AND eggs),
  note text,
  recorded_by uuid REFERENCES "user" (id) ON DELETE SET NULL,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY (farm_id, id),
  CONSTRAINT egg_collections_group_fk FOREIGN KEY (farm_id, group_id)
    REFERENCES groups (farm_id, id) ON DELETE SET NULL (group_id)
);--> statement-breakpoint
-- a group's collections newest first (its list and production); the farm's by date (farm-wide)
CREATE INDEX egg_collections_farm_id_group_id_idx ON egg_collections (farm_id, group_id, collected_on DESC);--> statement-breakpoint
CREATE INDEX egg_collections_farm_id_collected_on_idx ON egg_collections (farm_id, collected_on DESC);--> statement-breakpoint
CREATE INDEX egg_collections_recorded_by_idx ON egg_collections (recorded_by) WHERE recorded_by IS NOT NULL;
