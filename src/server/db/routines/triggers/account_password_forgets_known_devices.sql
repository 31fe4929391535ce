-- A new password forgets every device of the account.
-- Its function: functions/known_devices_forget_on_new_password.sql.
CREATE OR REPLACE TRIGGER account_password_forgets_known_devices AFTER UPDATE OF password ON account
  FOR EACH ROW WHEN (OLD.password IS DISTINCT FROM NEW.password)
  EXECUTE FUNCTION known_devices_forget_on_new_password();
