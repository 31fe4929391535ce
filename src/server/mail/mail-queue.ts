// The mail queue (docs/decisions/0033-mail-queue.md): the app's Mailer stores each email in
// mail_queue (one insert) and returns, so that no response waits on the mail server — a request
// for an address with an account answers as fast as one for an address without. A sender,
// woken right after each insert and run again every job interval, claims the due rows, hands
// them to the real transport (mailer.ts), deletes each one it delivered, and retries the others
// with backoff for about a day. Several servers may share the database: a row is claimed by one
// UPDATE that moves its next attempt into the future (FOR UPDATE SKIP LOCKED on PostgreSQL), so
// two senders never send the same message at once.
import { asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { mailQueue } from '../db/schema';
import type { Logger } from '../log/logger';
import type { Email, Mailer } from './mailer';

const minute = 60_000;
/** Wait after the 1st, 2nd… failed attempt; after the last one the message is given up (≈ 24 h). */
export const retryDelaysMs = [1, 5, 30, 120, 360, 900].map((minutes) => minutes * minute);
/** A send that takes longer counts as failed; shorter than the first retry delay, so a claim outlives it. */
const sendTimeoutMs = 30_000;
/** Rows one claim takes (a pass claims again until nothing is due). */
const batchSize = 10;

/** The app's Mailer: stores the email and asks the sender to run; it never talks to a mail server. */
export function createQueueMailer(db: Database, onQueued: () => void): Mailer {
  return {
    async send(email: Email) {
      const now = new Date();
      await db.insert(mailQueue).values({
        recipient: email.to,
        subject: email.subject,
        textBody: email.text,
        htmlBody: email.html,
        link: email.link ?? null,
        linkInDevelopmentLog: email.linkInDevelopmentLog ?? false,
        headers: email.headers ?? null,
        nextAttemptAt: now,
        createdAt: now,
      });
      onQueued();
    },
  };
}

export function createMailSender(deps: { db: Database; transport: Mailer; logger: Logger }) {
  const { db, transport, logger } = deps;
  let current: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  /** Claims up to a batch of due rows: each one's attempt is counted and its next one set, in one statement. */
  async function claim(now: Date) {
    const due = db
      .select({ id: mailQueue.id })
      .from(mailQueue)
      .where(lte(mailQueue.nextAttemptAt, now))
      .orderBy(asc(mailQueue.nextAttemptAt))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const delays = `{${retryDelaysMs.join(',')}}`;
    return db
      .update(mailQueue)
      .set({
        attempts: sql`${mailQueue.attempts} + 1`,
        // the delay after this attempt, should it fail (or the server die while sending)
        nextAttemptAt: sql`${now.toISOString()}::timestamptz + (${delays}::int[])[least(${mailQueue.attempts} + 1, ${retryDelaysMs.length})] * interval '1 millisecond'`,
      })
      .where(inArray(mailQueue.id, due))
      .returning();
  }

  async function deliver(row: typeof mailQueue.$inferSelect, now: Date): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        transport.send({
          to: row.recipient,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody,
          ...(row.link ? { link: row.link } : {}),
          ...(row.linkInDevelopmentLog ? { linkInDevelopmentLog: true } : {}),
          ...(row.headers ? { headers: row.headers } : {}),
        }),
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error('the mail server did not answer in time')),
            sendTimeoutMs,
          );
          timer.unref();
        }),
      ]);
    } catch (error) {
      // never the body or the link in a log line: they carry sign-in tokens
      const reason = error instanceof Error ? error.message : String(error);
      const tooOld = now.getTime() - row.createdAt.getTime() >= 24 * 60 * minute;
      if (row.attempts > retryDelaysMs.length || tooOld) {
        await db.delete(mailQueue).where(eq(mailQueue.id, row.id));
        logger.error('email given up: the mail server refused it for a day', {
          to: row.recipient,
          subject: row.subject,
          attempts: row.attempts,
          error: reason,
        });
      } else {
        logger.warn('email not sent yet; it is retried', {
          to: row.recipient,
          subject: row.subject,
          attempts: row.attempts,
          nextAttemptAt: row.nextAttemptAt.toISOString(),
          error: reason,
        });
      }
      return false;
    } finally {
      clearTimeout(timer);
    }
    await db.delete(mailQueue).where(eq(mailQueue.id, row.id));
    return true;
  }

  /** One pass at `now`: sends what is due until nothing is; answers how many emails went out. */
  async function run(now: Date = new Date()): Promise<number> {
    let sent = 0;
    for (;;) {
      if (stopped) return sent;
      const rows = await claim(now);
      if (rows.length === 0) return sent;
      for (const row of rows) if (await deliver(row, now)) sent++;
    }
  }

  return {
    run,
    /** Runs a pass soon, not awaited by whoever queued the email (one pass at a time on this server). */
    wake() {
      if (stopped) return;
      if (current) {
        again = true;
        return;
      }
      current = (async () => {
        do {
          again = false;
          await run(new Date());
        } while (again && !stopped);
      })()
        .catch((error: unknown) =>
          logger.error('sending queued email failed; it runs again at the next interval', {
            error: error instanceof Error ? error.message : String(error),
          }),
        )
        .finally(() => {
          current = undefined;
        });
    },
    /** Resolves once no pass started by wake() is running. */
    async idle() {
      while (current) await current;
    },
    /** No new pass; waits for the one running. */
    async stop() {
      stopped = true;
      while (current) await current;
    },
  };
}

export type MailSender = ReturnType<typeof createMailSender>;
