-- Issue 31 (decision 0062): a read the farm asked for before is answered from memory while the
-- farm's records have not changed since. Each farm has a number, its version, that every committed
-- change of its records raises (routines/functions/farm_answers_changed.sql and the triggers
-- answers_changed, farms_answers_changed and person_answers_changed); a remembered answer is used
-- only while the farm's version is the one it was computed at (src/server/http/remembered-reads.ts).
-- A new farm gets its row from the trigger farm_versions_for_new_farm; the farms of today get
-- theirs here.
--
-- Versions come from one sequence, so no two farms' versions are ever the same: a remembered
-- answer can only match the farm it was computed for, whatever else its key holds.
CREATE SEQUENCE farm_version_seq;--> statement-breakpoint
CREATE TABLE farm_versions (
  farm_id uuid PRIMARY KEY REFERENCES farms(id) ON DELETE CASCADE,
  version bigint NOT NULL DEFAULT nextval('farm_version_seq')
);--> statement-breakpoint
INSERT INTO farm_versions (farm_id) SELECT id FROM farms;
