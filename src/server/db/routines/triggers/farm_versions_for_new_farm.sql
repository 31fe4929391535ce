-- A farm created: its version row.
-- Its function: functions/farm_versions_for_new_farm.sql.
CREATE OR REPLACE TRIGGER farm_versions_for_new_farm AFTER INSERT ON farms
  FOR EACH ROW EXECUTE FUNCTION farm_versions_for_new_farm();
