-- Known devices (issue 23): a device that has signed in to an account skips that account's limit
-- on sign-in attempts. Each device gets its own random value; only its SHA-256 is kept, with the
-- account and an expiry. See createSignInGuard in src/server/auth/auth-gateway.ts.
CREATE TABLE known_devices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX known_devices_user_id_idx ON known_devices (user_id);
--> statement-breakpoint
-- A new password forgets every device of the account. Here rather than in the app: every way a
-- password changes (a reset link, change-password, a future admin tool or a hand-run UPDATE)
-- writes this column, and no path can forget to call the app's code.
CREATE FUNCTION known_devices_forget_on_new_password() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM known_devices WHERE user_id = NEW.user_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER account_password_forgets_known_devices AFTER UPDATE OF password ON account
  FOR EACH ROW WHEN (OLD.password IS DISTINCT FROM NEW.password)
  EXECUTE FUNCTION known_devices_forget_on_new_password();
