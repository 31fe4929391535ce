-- Issue 12, daily reminder email: a person's choice (off by default), and one row per farm, person
-- and day claimed before the email is sent — the primary key lets exactly one server claim a day,
-- however many run. The row also keeps the SHA-256 of that email's unsubscribe token.
ALTER TABLE profiles ADD COLUMN daily_email boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX profiles_daily_email_idx ON profiles (farm_id) WHERE daily_email;--> statement-breakpoint

CREATE TABLE daily_emails (
  farm_id uuid NOT NULL REFERENCES farms (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
  day date NOT NULL,
  claimed_at timestamp with time zone DEFAULT now() NOT NULL,
  sent_at timestamp with time zone,
  reminder_count integer,
  unsubscribe_hash text NOT NULL,
  PRIMARY KEY (farm_id, user_id, day),
  CONSTRAINT daily_emails_unsubscribe_hash_unique UNIQUE (unsubscribe_hash)
);--> statement-breakpoint
CREATE INDEX daily_emails_user_id_idx ON daily_emails (user_id);--> statement-breakpoint
CREATE INDEX daily_emails_day_idx ON daily_emails (day);
