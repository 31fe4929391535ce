-- A new password forgets every device of the account. Here rather than in the app: every way a
-- password changes (a reset link, change-password, a future admin tool or a hand-run UPDATE)
-- writes this column, and no path can forget to call the app's code.
CREATE OR REPLACE FUNCTION known_devices_forget_on_new_password() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM known_devices WHERE user_id = NEW.user_id;
  RETURN NULL;
END;
$$;
