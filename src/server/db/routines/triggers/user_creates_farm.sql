-- Sign-up: the new user's farm, membership and profile.
-- Its function: functions/paddock_create_farm_for_new_user.sql.
CREATE OR REPLACE TRIGGER user_creates_farm AFTER INSERT ON "user"
  FOR EACH ROW EXECUTE FUNCTION paddock_create_farm_for_new_user();
