-- Issue 29, reminders that ring (decision 0045): a reminder's optional time of day, each person's
-- chosen morning time on a farm, the devices a person turned notifications on for (Web Push), and
-- the notification run's claims (one per person, day and notification, whatever the servers).
-- A person's devices and claims are theirs on one farm: leaving or being removed deletes them.
ALTER TABLE reminders ADD COLUMN due_time time CHECK (extract(second from due_time) = 0);--> statement-breakpoint
ALTER TABLE farm_members ADD COLUMN notify_at time NOT NULL DEFAULT '07:00'
  CHECK (extract(second from notify_at) = 0);--> statement-breakpoint
CREATE TABLE push_subscriptions (
  id uuid PRIMARY KEY,
  farm_id uuid NOT NULL,
  user_id uuid NOT NULL,
  -- the push service's address for this device (an https URL, checked by the server) and its keys
  endpoint text NOT NULL CHECK (length(endpoint) BETWEEN 1 AND 2000),
  p256dh text NOT NULL CHECK (length(p256dh) BETWEEN 1 AND 200),
  auth text NOT NULL CHECK (length(auth) BETWEEN 1 AND 100),
  -- 'Pixel 8 · Chrome'
  label text NOT NULL CHECK (length(label) BETWEEN 1 AND 100),
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT push_subscriptions_member_fk FOREIGN KEY (farm_id, user_id)
    REFERENCES farm_members (farm_id, user_id) ON DELETE CASCADE,
  CONSTRAINT push_subscriptions_endpoint_unique UNIQUE (farm_id, user_id, endpoint)
);--> statement-breakpoint
CREATE INDEX push_subscriptions_user_id_idx ON push_subscriptions (user_id);--> statement-breakpoint
CREATE TABLE push_claims (
  farm_id uuid NOT NULL,
  user_id uuid NOT NULL,
  -- the farm's calendar day it rings on
  day date NOT NULL,
  -- 'morning', or the reminder's id and time ('<uuid>@18:00'): moving the time rings again
  key text NOT NULL CHECK (length(key) BETWEEN 1 AND 60),
  claimed_at timestamp with time zone DEFAULT now() NOT NULL,
  -- devices it reached (null until sent)
  sent_to integer,
  PRIMARY KEY (farm_id, user_id, day, key),
  CONSTRAINT push_claims_member_fk FOREIGN KEY (farm_id, user_id)
    REFERENCES farm_members (farm_id, user_id) ON DELETE CASCADE
);--> statement-breakpoint
CREATE INDEX push_claims_user_id_idx ON push_claims (user_id);--> statement-breakpoint
CREATE INDEX push_claims_day_idx ON push_claims (day);--> statement-breakpoint
-- the run's timed reminders: today's open ones with a time, across farms
CREATE INDEX reminders_due_date_due_time_idx ON reminders (due_date, farm_id) WHERE due_time IS NOT NULL AND NOT completed;
