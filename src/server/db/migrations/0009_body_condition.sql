-- Issue 11, growth: a weighing may carry a body condition score (1 to 5, the usual scale for goats,
-- sheep and cattle). Nothing else changes: the weight series is read from care_entries through
-- care_entries_animal_recent_idx (farm, animal, date), one statement per page.
ALTER TABLE care_entries ADD COLUMN body_condition smallint;--> statement-breakpoint
ALTER TABLE care_entries ADD CONSTRAINT care_entries_body_condition_check
  CHECK (body_condition IS NULL OR (type = 'weight' AND body_condition BETWEEN 1 AND 5));
