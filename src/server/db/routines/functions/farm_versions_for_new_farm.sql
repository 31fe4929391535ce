-- Decision 0062: a new farm's version row (farm_versions, migration 0046), which its records'
-- changes then raise.
CREATE OR REPLACE FUNCTION farm_versions_for_new_farm() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO farm_versions (farm_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
