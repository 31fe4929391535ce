-- Issue 25 (3): the database's functions and triggers live in src/server/db/routines/, one file
-- each, applied after the migrations whenever a file's text changes (docs/decisions/0034). This
-- table remembers the text each was last applied from. It is bookkeeping, not farm data: a backup
-- leaves it out, and a restored database keeps the routines of the version it was restored into.
CREATE TABLE paddock_routines (
  -- its file in the routines folder, without .sql: functions/<name> or triggers/<name>
  name text PRIMARY KEY,
  sha256 text NOT NULL,
  applied_at timestamp with time zone DEFAULT now() NOT NULL
);
