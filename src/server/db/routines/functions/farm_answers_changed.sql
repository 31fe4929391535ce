-- Decision 0062: a row of a farm's records written, at the transaction's commit: the farm's
-- version raised (farm_answers_bump), once. The test of every row after the first is this
-- function's first line, which costs no query.
CREATE OR REPLACE FUNCTION farm_answers_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  farm uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.farm_id ELSE NEW.farm_id END;
BEGIN
  IF strpos(coalesce(current_setting('paddock.answers_changed', true), ''), farm::text) = 0 THEN
    PERFORM farm_answers_bump(farm);
  END IF;
  RETURN NULL;
END $$;
