-- Issue 31: Production's hen count (a farm's female chickens) read the species index for every
-- farm's chickens and intersected it with the farm's animals: 10,219 index entries, 0.86 of the
-- page's 1.15 ms at 1,000 farms, and ten times that at 10,000. The species index now holds the farm
-- too, so a farm's animals of a species are one range of it; a species' animals (its foreign key,
-- a custom species removed) still lead with species_id. One index as before: no write pays more.
DROP INDEX IF EXISTS "animals_species_id_idx";--> statement-breakpoint
CREATE INDEX "animals_species_id_idx" ON "animals" USING btree ("species_id","farm_id");
