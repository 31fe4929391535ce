-- Decision 0062: a person's name as the farm's lists show it ('by {name}': their profile's name,
-- their account's, else their email; sql-text.ts's personName) may have changed, on every farm
-- they work on: each of those farms' versions raised at commit. The trigger's argument names the
-- column that holds the person's id ("user".id, profiles.user_id).
CREATE OR REPLACE FUNCTION person_answers_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  person uuid := (to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END) ->> TG_ARGV[0])::uuid;
  farm uuid;
BEGIN
  FOR farm IN
    SELECT m.farm_id FROM farm_members m WHERE m.user_id = person
    UNION SELECT p.farm_id FROM profiles p WHERE p.user_id = person
    ORDER BY 1
  LOOP
    PERFORM farm_answers_bump(farm);
  END LOOP;
  RETURN NULL;
END $$;
