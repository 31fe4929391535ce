-- Issue 23, access outlives removal: who made each share link and the calendar feed, so that
-- removing a member (or their leaving) ends what they made, in the removal's own transaction
-- (members.repo.ts), and deleting an account ends it too (the cascade). Links and feeds made
-- before this have no maker: they stay as they are until revoked (an owner sees them listed).
ALTER TABLE record_shares ADD COLUMN created_by uuid REFERENCES "user"(id) ON DELETE CASCADE;
--> statement-breakpoint
CREATE INDEX record_shares_created_by_idx ON record_shares (created_by);
--> statement-breakpoint
ALTER TABLE calendar_feeds ADD COLUMN created_by uuid REFERENCES "user"(id) ON DELETE CASCADE;
--> statement-breakpoint
CREATE INDEX calendar_feeds_created_by_idx ON calendar_feeds (created_by);
