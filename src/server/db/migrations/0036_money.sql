-- Issue 28 items 3-5, the farm's money (decision 0044): what it spends and earns, each entry in the
-- farm's currency with two decimals stored exactly (numeric, never a float), an optional group or
-- animal it was for, and a quantity (4 bags of feed). The values are checked here as in
-- src/shared/schemas/money.ts. Stock received into the medicine cabinet with a price is not copied
-- here: the Money queries read medicine_lots beside these rows (nothing is stored twice).
ALTER TABLE farms ADD COLUMN currency text NOT NULL DEFAULT 'USD'
  CHECK (currency IN ('USD', 'EUR', 'GBP', 'CAD', 'AUD', 'NZD', 'CHF', 'SEK', 'NOK', 'DKK', 'ZAR'));--> statement-breakpoint
CREATE TABLE money_entries (
  id uuid NOT NULL,
  farm_id uuid NOT NULL REFERENCES farms (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('expense', 'income')),
  occurred_on date NOT NULL,
  amount numeric(12, 2) NOT NULL CHECK (amount >= 0 AND amount <= 10000000),
  category text NOT NULL CHECK (length(category) BETWEEN 1 AND 40),
  group_id uuid,
  animal_id uuid,
  quantity numeric(12, 3) CHECK (quantity > 0 AND quantity <= 1000000),
  quantity_unit text CHECK (length(quantity_unit) BETWEEN 1 AND 40),
  note text CHECK (length(note) <= 500),
  -- the income of an animal's sale (written by the animals service when it is marked sold): one per
  -- animal; deleting the animal keeps the money the farm was paid, with no animal
  animal_sale_of uuid,
  recorded_by uuid REFERENCES "user" (id) ON DELETE SET NULL,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY (farm_id, id),
  CONSTRAINT money_entries_group_fk FOREIGN KEY (farm_id, group_id)
    REFERENCES groups (farm_id, id) ON DELETE SET NULL (group_id),
  CONSTRAINT money_entries_animal_fk FOREIGN KEY (farm_id, animal_id)
    REFERENCES animals (farm_id, id) ON DELETE SET NULL (animal_id),
  CONSTRAINT money_entries_animal_sale_fk FOREIGN KEY (farm_id, animal_sale_of)
    REFERENCES animals (farm_id, id) ON DELETE SET NULL (animal_sale_of),
  CONSTRAINT money_entries_sale_check CHECK (animal_sale_of IS NULL OR kind = 'income')
);--> statement-breakpoint
-- the Money page's period (the list, the summary) and the keys' deletions
CREATE INDEX money_entries_farm_id_occurred_on_idx ON money_entries (farm_id, occurred_on DESC);--> statement-breakpoint
CREATE INDEX money_entries_farm_id_group_id_idx ON money_entries (farm_id, group_id, occurred_on DESC) WHERE group_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX money_entries_farm_id_animal_id_idx ON money_entries (farm_id, animal_id) WHERE animal_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX money_entries_animal_sale_of_unique ON money_entries (farm_id, animal_sale_of) WHERE animal_sale_of IS NOT NULL;--> statement-breakpoint
CREATE INDEX money_entries_recorded_by_idx ON money_entries (recorded_by) WHERE recorded_by IS NOT NULL;
