-- Issue 23: a farm time zone PostgreSQL cannot read ('Mars/Olympus', stored by an import that
-- skipped the API's rules) failed every query that reads a farm's local time — the daily email's
-- pass for every farm among them. The database now refuses such a zone, whatever path writes it
-- (API, import, restore, a future job): the rule lives where every write passes.
--
-- A zone is valid when PostgreSQL can convert a time into it (what every query of ours does with
-- it); the API checks the same with Intl before it gets here, so a refusal here is a 422 as well.
CREATE FUNCTION is_time_zone(zone text) RETURNS boolean LANGUAGE plpgsql STABLE AS $$
BEGIN
  PERFORM now() AT TIME ZONE zone;
  RETURN true;
EXCEPTION WHEN invalid_parameter_value THEN
  RETURN false;
END $$;--> statement-breakpoint
UPDATE farms SET time_zone = 'UTC' WHERE NOT is_time_zone(time_zone);--> statement-breakpoint
UPDATE "user" SET time_zone = 'UTC' WHERE time_zone IS NOT NULL AND NOT is_time_zone(time_zone);--> statement-breakpoint
ALTER TABLE farms ADD CONSTRAINT farms_time_zone_check CHECK (is_time_zone(time_zone));--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT user_time_zone_check CHECK (time_zone IS NULL OR is_time_zone(time_zone));
