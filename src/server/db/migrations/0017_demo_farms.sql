-- Issue 12, demo farm: 'View Demo' makes a private farm for one visitor, removed with its user
-- and everything in it when `demo_until` has passed (null for every real farm).
ALTER TABLE farms ADD COLUMN demo_until timestamp with time zone;--> statement-breakpoint
CREATE INDEX farms_demo_until_idx ON farms (demo_until) WHERE demo_until IS NOT NULL;
