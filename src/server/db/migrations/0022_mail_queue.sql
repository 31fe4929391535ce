-- The mail queue (issue 23, decision 0033): a request stores its email here in one insert and
-- answers; a sender delivers it just after (and every job interval), deleting the row on success
-- and retrying with backoff otherwise, so that no response waits on the mail server.
CREATE TABLE mail_queue (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  recipient text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  link text,
  -- a development server with no SMTP prints this email's link in its log (a confirmation only)
  link_in_development_log boolean NOT NULL DEFAULT false,
  headers jsonb,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX mail_queue_next_attempt_at_idx ON mail_queue (next_attempt_at);
