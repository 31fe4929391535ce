-- Issue 12, more than one server: with DATABASE_URL set, photo files live in the database, where
-- every server reads them (behind the PhotoStore interface, like the folder store it replaces there).
-- The key is the file's path, `{farm}/{animal}/{version}/{size}.webp`; "C" collation lets a prefix
-- (LIKE 'a/b/%') use the primary key. Not a record of the farm: a backup carries the photos as files.
CREATE TABLE photo_files (
  key text COLLATE "C" PRIMARY KEY,
  farm_id uuid NOT NULL REFERENCES farms (id) ON DELETE CASCADE,
  data bytea NOT NULL,
  created_at timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX photo_files_farm_id_idx ON photo_files (farm_id);
