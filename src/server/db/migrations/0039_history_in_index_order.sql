-- Issue 31: an animal's care history reads its page in the index's order. The history is ordered
-- by (date_recorded, created_at, id) descending; the index held id only as an included column, so
-- PostgreSQL read every entry of the animal and sorted them to keep 101 (680 entries: 0.8 of the
-- query's 2.6 ms). With id a key column the backward scan is already in order and stops at the
-- page. The group log still reads group_id and batch_id from the index alone.
DROP INDEX IF EXISTS "care_entries_animal_recent_idx";--> statement-breakpoint
CREATE INDEX "care_entries_animal_recent_idx" ON "care_entries" USING btree ("farm_id","animal_id","date_recorded","created_at","id") INCLUDE ("group_id","batch_id");
