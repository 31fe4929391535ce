-- Sign-up creates the user's farm, their membership (owner) and their profile in the same
-- transaction as the user row: Better Auth owns the INSERT into "user", so a trigger is the one
-- place that makes the four rows all-or-nothing. See docs/decisions/0004-farm-created-by-trigger.md.
CREATE OR REPLACE FUNCTION paddock_create_farm_for_new_user() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  new_farm_id uuid;
BEGIN
  INSERT INTO farms (time_zone) VALUES (COALESCE(NEW.time_zone, 'UTC')) RETURNING id INTO new_farm_id;
  INSERT INTO farm_members (farm_id, user_id, role) VALUES (new_farm_id, NEW.id, 'owner');
  INSERT INTO profiles (user_id, farm_id, owner_name, email)
    VALUES (NEW.id, new_farm_id, NULLIF(btrim(NEW.name), ''), NEW.email);
  RETURN NEW;
END;
$$;
