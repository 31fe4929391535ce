-- Issue 27 item 6, organic withdrawal (decision 0040): a farm may keep organic rules, which double
-- each withdrawal period of a new treatment (at least 2 days where the label says 0). The entry
-- keeps that it was doubled, so the label's days can be shown; the days stored are those that
-- count.
ALTER TABLE farms ADD COLUMN organic boolean NOT NULL DEFAULT false;
--> statement-breakpoint
ALTER TABLE care_entries ADD COLUMN organic boolean NOT NULL DEFAULT false;
