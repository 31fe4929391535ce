// Sends email: over SMTP when SMTP_URL is set, otherwise as .eml files in DATA_DIR/outbox (a
// development server also prints a confirmation link in the log, so that a fresh install can
// confirm accounts with no mail server; no other link, and nothing in production).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../log/logger';

export type Email = {
  to: string;
  subject: string;
  text: string;
  html: string;
  link?: string;
  /**
   * a development server with no SMTP prints this email's link in its log (a new account's
   * confirmation, so a fresh install needs no mail server); no other link is ever logged
   */
  linkInDevelopmentLog?: boolean;
  /** extra headers (List-Unsubscribe) */
  headers?: Record<string, string>;
};
export type Mailer = { send(email: Email): Promise<void> };

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  logger: Logger;
}): Mailer {
  const { smtpUrl, from, outboxDir, logger } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(email) {
        await transport.sendMail({
          from,
          to: email.to,
          subject: email.subject,
          text: email.text,
          html: email.html,
          headers: email.headers,
        });
        logger.info('email sent', { to: email.to, subject: email.subject });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(email) {
      const info = await transport.sendMail({
        from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        headers: email.headers,
      });
      mkdirSync(outboxDir, { recursive: true });
      const file = join(
        outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
      );
      writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      logger.info('email written to outbox (no SMTP_URL set)', {
        to: email.to,
        subject: email.subject,
        file,
        developmentLink: email.linkInDevelopmentLog ? email.link : undefined,
      });
    },
  };
}
