-- Decision 0062: a farm's settings changed (its name, time zone, units, currency, organic rules):
-- its version raised at commit, as for a change of its records.
CREATE OR REPLACE FUNCTION farms_answers_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM farm_answers_bump(NEW.id);
  RETURN NULL;
END $$;
