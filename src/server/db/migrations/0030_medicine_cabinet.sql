-- Issue 27, the medicine cabinet (decision 0039): each medicine as its label says, its stock in lots
-- (a bottle or box: lot number, expiry, supplier, price) and every change of a lot's stock as a
-- movement, so that a lot's stock is the sum of its movements and is never edited in place. The
-- values are checked here as in src/shared/schemas/medicines.ts.
CREATE TABLE medicines (
  id uuid NOT NULL,
  farm_id uuid NOT NULL REFERENCES farms (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  active_ingredient text CHECK (length(active_ingredient) <= 100),
  unit text NOT NULL CHECK (unit IN ('mL', 'cc', 'mg', 'g', 'tablet', 'drop', 'dose')),
  route text CHECK (route IN ('oral', 'injection', 'topical', 'pour-on', 'other')),
  -- the label's dose: fixed (dose_amount per animal) or by weight (dose_amount per dose_per_weight
  -- of dose_weight_unit, at most dose_max), or none
  dose_kind text CHECK (dose_kind IN ('fixed', 'by-weight')),
  dose_amount numeric(12, 3) CHECK (dose_amount > 0),
  dose_per_weight numeric(9, 2) CHECK (dose_per_weight > 0),
  dose_weight_unit weight_unit,
  dose_max numeric(12, 3) CHECK (dose_max > 0),
  meat_withdrawal_days smallint CHECK (meat_withdrawal_days BETWEEN 0 AND 999),
  milk_withdrawal_days smallint CHECK (milk_withdrawal_days BETWEEN 0 AND 999),
  egg_withdrawal_days smallint CHECK (egg_withdrawal_days BETWEEN 0 AND 999),
  -- a course: initial doses days apart, then a booster every N months
  schedule_initial_doses smallint CHECK (schedule_initial_doses BETWEEN 1 AND 10),
  schedule_days_apart smallint CHECK (schedule_days_apart BETWEEN 1 AND 365),
  schedule_booster_months smallint CHECK (schedule_booster_months BETWEEN 1 AND 120),
  notes text CHECK (length(notes) <= 2000),
  low_stock_level numeric(10, 3) CHECK (low_stock_level > 0 AND low_stock_level <= 1000000),
  archived_at timestamp with time zone,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY (farm_id, id),
  CONSTRAINT medicines_dose_check CHECK (
    (dose_kind IS NULL AND dose_amount IS NULL AND dose_per_weight IS NULL
      AND dose_weight_unit IS NULL AND dose_max IS NULL)
    OR (dose_kind = 'fixed' AND dose_amount IS NOT NULL AND dose_per_weight IS NULL
      AND dose_weight_unit IS NULL AND dose_max IS NULL)
    OR (dose_kind = 'by-weight' AND dose_amount IS NOT NULL AND dose_per_weight IS NOT NULL
      AND dose_weight_unit IS NOT NULL)
  ),
  CONSTRAINT medicines_schedule_check CHECK (
    (schedule_initial_doses IS NULL AND schedule_days_apart IS NULL AND schedule_booster_months IS NULL)
    OR (schedule_initial_doses > 1 AND schedule_days_apart IS NOT NULL)
    OR (schedule_initial_doses = 1 AND schedule_days_apart IS NULL AND schedule_booster_months IS NOT NULL)
  )
);--> statement-breakpoint
-- one name per cabinet, whatever its case; an archived medicine frees its name
CREATE UNIQUE INDEX medicines_farm_id_name_unique ON medicines (farm_id, lower(name)) WHERE archived_at IS NULL;--> statement-breakpoint
-- ?archived=true
CREATE INDEX medicines_farm_id_archived_idx ON medicines (farm_id) WHERE archived_at IS NOT NULL;--> statement-breakpoint
CREATE TABLE medicine_lots (
  id uuid NOT NULL,
  farm_id uuid NOT NULL REFERENCES farms (id) ON DELETE CASCADE,
  medicine_id uuid NOT NULL,
  lot_number text CHECK (length(lot_number) <= 60),
  expires_on date,
  supplier text CHECK (length(supplier) <= 100),
  price numeric(10, 2) CHECK (price >= 0 AND price <= 1000000),
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY (farm_id, id),
  -- a medicine with lots is archived, not deleted: the service refuses, and this key for any other
  -- writer (NO ACTION, checked at the statement's end, so a farm's deletion still takes both)
  CONSTRAINT medicine_lots_medicine_fk FOREIGN KEY (farm_id, medicine_id)
    REFERENCES medicines (farm_id, id)
);--> statement-breakpoint
-- a medicine's lots, the earliest expiry first
CREATE INDEX medicine_lots_farm_id_medicine_id_idx ON medicine_lots (farm_id, medicine_id, expires_on);--> statement-breakpoint
CREATE TABLE stock_movements (
  id uuid NOT NULL,
  farm_id uuid NOT NULL REFERENCES farms (id) ON DELETE CASCADE,
  lot_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('received', 'used', 'disposed', 'corrected')),
  -- in the medicine's unit; the sign says which way the stock moved
  quantity numeric(10, 3) NOT NULL CHECK (quantity <> 0 AND abs(quantity) <= 1000000),
  occurred_on date NOT NULL,
  note text CHECK (length(note) <= 500),
  recorded_by uuid REFERENCES "user" (id) ON DELETE SET NULL,
  -- the treatment a 'used' movement went to (the next slice writes it); its deletion keeps the movement
  care_entry_id uuid,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY (farm_id, id),
  CONSTRAINT stock_movements_lot_fk FOREIGN KEY (farm_id, lot_id)
    REFERENCES medicine_lots (farm_id, id) ON DELETE CASCADE,
  CONSTRAINT stock_movements_care_entry_fk FOREIGN KEY (farm_id, care_entry_id)
    REFERENCES care_entries (farm_id, id) ON DELETE SET NULL (care_entry_id),
  CONSTRAINT stock_movements_sign_check CHECK (
    (kind = 'received' AND quantity > 0) OR (kind IN ('used', 'disposed') AND quantity < 0) OR kind = 'corrected'
  )
);--> statement-breakpoint
-- a lot's stock (the sum) and its movements newest first
CREATE INDEX stock_movements_farm_id_lot_id_idx ON stock_movements (farm_id, lot_id, occurred_on DESC, created_at DESC);--> statement-breakpoint
CREATE INDEX stock_movements_care_entry_idx ON stock_movements (farm_id, care_entry_id) WHERE care_entry_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX stock_movements_recorded_by_idx ON stock_movements (recorded_by) WHERE recorded_by IS NOT NULL;
