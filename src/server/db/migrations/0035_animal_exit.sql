-- Issue 28, an animal leaves the herd (decision 0043): sold, died, culled, given away or lost, on a
-- day, with a note and, for a sale, its price, instead of being deleted. It keeps every record and
-- its pedigree links; it leaves its groups (so every group list, count, picker, hen and doe count
-- follows without a filter of its own), which `exit_group_ids` remembers for 'Return to Herd'.
ALTER TABLE animals
  ADD COLUMN exit_kind text CHECK (exit_kind IN ('sold', 'died', 'culled', 'given-away', 'lost')),
  ADD COLUMN exit_on date,
  ADD COLUMN exit_note text CHECK (length(exit_note) <= 500),
  ADD COLUMN exit_price numeric(12, 2) CHECK (exit_price >= 0 AND exit_price <= 10000000),
  ADD COLUMN exit_group_ids uuid[],
  ADD CONSTRAINT animals_exit_check CHECK (
    (exit_kind IS NULL AND exit_on IS NULL AND exit_note IS NULL AND exit_price IS NULL AND exit_group_ids IS NULL)
    OR (exit_kind IS NOT NULL AND exit_on IS NOT NULL AND exit_group_ids IS NOT NULL
      AND (exit_price IS NULL OR exit_kind = 'sold'))
  );--> statement-breakpoint
-- My Animals with 'Include past animals' off reads the present ones: the farm's list keeps its index
-- (farm_id, name_key) and filters; the past ones are few
CREATE INDEX animals_farm_id_past_idx ON animals (farm_id, exit_on) WHERE exit_kind IS NOT NULL;
