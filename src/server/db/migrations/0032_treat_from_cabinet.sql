-- Issue 27, treating from the cabinet (decision 0041): a medical entry remembers the cabinet's
-- medicine it was given from, so that a medicine's schedule can count the doses an animal has had
-- (the next dose, then the booster). The stock a treatment took is its lot's 'used' movements
-- (stock_movements.care_entry_id, migration 0030). A medicine is deleted only without lots; its
-- treatments then keep their name, dose and periods and lose the link.
ALTER TABLE care_entries ADD COLUMN medicine_id uuid;--> statement-breakpoint
ALTER TABLE care_entries ADD CONSTRAINT care_entries_medicine_fk FOREIGN KEY (farm_id, medicine_id)
  REFERENCES medicines (farm_id, id) ON DELETE SET NULL (medicine_id);--> statement-breakpoint
-- a medicine's doses per animal (the schedule's count)
CREATE INDEX care_entries_medicine_idx ON care_entries (farm_id, medicine_id, animal_id) WHERE medicine_id IS NOT NULL;
