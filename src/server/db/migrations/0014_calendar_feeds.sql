-- Issue 12, calendar feed: one private .ics address per farm. Only the token's SHA-256 is kept (the
-- address is shown once); a new address replaces the old, revoking deletes it. `etag` and
-- `changed_at` remember the feed's last body, so Last-Modified is when it last changed.
CREATE TABLE calendar_feeds (
  farm_id uuid PRIMARY KEY REFERENCES farms (id) ON DELETE CASCADE,
  token_hash text NOT NULL,
  etag text,
  changed_at timestamp with time zone DEFAULT now() NOT NULL,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT calendar_feeds_token_hash_unique UNIQUE (token_hash)
);
