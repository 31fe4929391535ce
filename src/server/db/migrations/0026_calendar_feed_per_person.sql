-- Issue 24, the calendar feed is each person's own: a farm keeps one address per person who made
-- one, keyed by (farm, maker), so one person's 'New Link' or 'Revoke' touches only theirs, and
-- what the Account page says of a feed is true for whoever reads it. An address made before makers
-- were recorded (migration 0020) was the farm's: it becomes the farm's first owner's, and keeps
-- working until they revoke it.
UPDATE calendar_feeds SET created_by = (
  SELECT farm_members.user_id FROM farm_members
  WHERE farm_members.farm_id = calendar_feeds.farm_id AND farm_members.role = 'owner'
  ORDER BY farm_members.created_at LIMIT 1
) WHERE created_by IS NULL;
--> statement-breakpoint
DELETE FROM calendar_feeds WHERE created_by IS NULL;
--> statement-breakpoint
ALTER TABLE calendar_feeds DROP CONSTRAINT calendar_feeds_pkey;
--> statement-breakpoint
ALTER TABLE calendar_feeds ALTER COLUMN created_by SET NOT NULL;
--> statement-breakpoint
ALTER TABLE calendar_feeds ADD CONSTRAINT calendar_feeds_farm_id_created_by_pk PRIMARY KEY (farm_id, created_by);
