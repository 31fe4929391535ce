-- Issue 30, tags in the barn (decision 0046): an animal's optional Electronic ID (ISO 11784/11785:
-- 15 digits, a country or manufacturer code and a national number; the shared schema checks the
-- code), one per animal within a farm; and the indexes that find an animal by what a reader or a
-- keyboard wedge types: its tag ignoring case, spaces and dashes ('g103' finds 'G-103'), or its
-- Electronic ID.
ALTER TABLE animals ADD COLUMN electronic_id text CHECK (electronic_id ~ '^[0-9]{15}$');--> statement-breakpoint
CREATE UNIQUE INDEX animals_farm_id_electronic_id_idx ON animals (farm_id, electronic_id)
  WHERE electronic_id IS NOT NULL;--> statement-breakpoint
-- the tag as the lookup compares it (the same expression as tagKey in animals.repo.ts)
CREATE INDEX animals_farm_id_tag_key_idx ON animals (farm_id, lower(regexp_replace(tag_id, '[[:space:]-]+', '', 'g')))
  WHERE tag_id IS NOT NULL;
