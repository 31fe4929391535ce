-- Farm sharing (issue 14, decision 0032): a farm sitter's role, an end to a membership, the farm a
-- session works in, who recorded each entry, and invitations by email.
ALTER TYPE farm_role ADD VALUE IF NOT EXISTS 'sitter';
--> statement-breakpoint
ALTER TABLE farm_members ADD COLUMN access_until date;
--> statement-breakpoint
ALTER TABLE farm_members ADD COLUMN last_used_at timestamptz;
--> statement-breakpoint
ALTER TABLE session ADD COLUMN active_farm_id uuid REFERENCES farms(id) ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX session_active_farm_id_idx ON session (active_farm_id);
--> statement-breakpoint
ALTER TABLE care_entries ADD COLUMN recorded_by uuid REFERENCES "user"(id) ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX care_entries_recorded_by_idx ON care_entries (recorded_by);
--> statement-breakpoint
CREATE TABLE invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  farm_id uuid NOT NULL REFERENCES farms(id) ON DELETE CASCADE,
  email text NOT NULL,
  role farm_role NOT NULL,
  access_until date,
  token_hash text NOT NULL UNIQUE,
  invited_by uuid REFERENCES "user"(id) ON DELETE SET NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT invitations_farm_email_unique UNIQUE (farm_id, email)
);
--> statement-breakpoint
CREATE INDEX invitations_invited_by_idx ON invitations (invited_by);
