-- Issue 23: a farm time zone PostgreSQL cannot read ('Mars/Olympus', stored by an import that
-- skipped the API's rules) failed every query that reads a farm's local time — the daily email's
-- pass for every farm among them. The database now refuses such a zone, whatever path writes it
-- (API, import, restore, a future job): the rule lives where every write passes.
--
-- A zone is valid when PostgreSQL can convert a time into it (what every query of ours does with
-- it); the API checks the same with Intl before it gets here, so a refusal here is a 422 as well.
--
-- Checked by the constraints farms_time_zone_check and user_time_zone_check: a change of what it
-- accepts needs a migration that defines the new body itself and mends the rows it would refuse.
CREATE OR REPLACE FUNCTION is_time_zone(zone text) RETURNS boolean LANGUAGE plpgsql STABLE AS $$
BEGIN
  PERFORM now() AT TIME ZONE zone;
  RETURN true;
EXCEPTION WHEN invalid_parameter_value THEN
  RETURN false;
END $$;
