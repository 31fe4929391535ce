// Issue 23: email leaves after the answer (a queue in the database), so a request never waits on
// the mail server — an address with an account answers like one without — and a failed send is
// retried. Driven over HTTP, with the transport under the test's control.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../backup/backup-tables';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { createLogger } from '../log/logger';
import { backends, createTestApp, type TestApp } from '../../../test/support/test-app';
import { createMailSender } from './mail-queue';
import type { Email, Mailer } from './mailer';

const password = 'correct horse battery';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe.each(backends)('the mail queue on %s', (backend) => {
  let t: TestApp;
  /** what the mail server does with the next emails; each test sets it */
  let mailServer: (email: Email) => Promise<void> = () => Promise.resolve();
  beforeAll(async () => {
    t = await createTestApp(
      backend,
      {},
      { transport: { send: (email) => mailServer(email) }, waitForDelivery: false },
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const queued = async () =>
    queryRows<{ recipient: string; attempts: number }>(t.db, sql`select recipient, attempts from mail_queue`);
  const signUp = (email: string) =>
    t.request('/api/auth/sign-up/email', { body: { email, password, name: '' } });
  const askForReset = (email: string) =>
    t.request('/api/auth/request-password-reset', { body: { email, redirectTo: '/reset-password' } });
  const resetEmailsTo = (email: string) =>
    t.outbox.filter((item) => item.to === email && item.link?.includes('/reset-password/'));

  it('delivers on a later pass an email the mail server refused the first time', async () => {
    const email = 'refused-once@example.com';
    mailServer = () => Promise.resolve();
    expect((await signUp(email)).status).toBe(200);
    await t.mailSender.idle();
    let refusals = 1;
    mailServer = () =>
      refusals-- > 0 ? Promise.reject(new Error('421 try again later')) : Promise.resolve();

    expect((await askForReset(email)).status).toBe(200);
    await t.mailSender.idle();
    expect(resetEmailsTo(email)).toEqual([]);
    expect(await queued()).toEqual([{ recipient: email, attempts: 1 }]);

    expect(await t.mailSender.run(new Date())).toBe(0); // not due again yet
    expect(await t.mailSender.run(new Date(Date.now() + 2 * 60_000))).toBe(1);
    expect(resetEmailsTo(email)).toHaveLength(1);
    expect(await queued()).toEqual([]);
  });

  it('answers a password-reset request for an existing account while the mail server has not answered', async () => {
    const email = 'waiting@example.com';
    mailServer = () => Promise.resolve();
    expect((await signUp(email)).status).toBe(200);
    await t.mailSender.idle();
    const release = deferred();
    const sendStarted = deferred();
    mailServer = async () => {
      sendStarted.resolve();
      await release.promise;
    };

    const response = await askForReset(email);
    await sendStarted.promise;
    // the answer came while the send is still pending
    expect(response.status).toBe(200);
    expect(resetEmailsTo(email)).toEqual([]);
    expect(await queued()).toEqual([{ recipient: email, attempts: 1 }]);

    release.resolve();
    await t.mailSender.idle();
    expect(resetEmailsTo(email)).toHaveLength(1);
    expect(await queued()).toEqual([]);
  });

  it('gives up on an email refused for a day, logging neither its body nor its link', async () => {
    const email = 'never-accepted@example.com';
    mailServer = () => Promise.resolve();
    expect((await signUp(email)).status).toBe(200);
    await t.mailSender.idle();
    mailServer = () => Promise.reject(new Error('550 mailbox unavailable'));
    expect((await askForReset(email)).status).toBe(200);
    await t.mailSender.idle();
    const [row] = await queryRows<{ link: string; text_body: string }>(
      t.db,
      sql`select link, text_body from mail_queue where recipient = ${email}`,
    );
    expect(row?.link).toContain('/reset-password/');

    const lines: { level: string; message: string; fields?: Record<string, unknown> }[] = [];
    const record = (level: string) => (message: string, fields?: Record<string, unknown>) =>
      lines.push({ level, message, ...(fields && { fields }) });
    const logger = {
      debug: record('debug'),
      info: record('info'),
      warn: record('warn'),
      error: record('error'),
    };
    const sender = createMailSender({ db: t.db, transport: { send: mailServer }, logger });
    expect(await sender.run(new Date(Date.now() + 2 * 60_000))).toBe(0); // a retry, refused again
    expect(await queued()).toEqual([{ recipient: email, attempts: 2 }]);
    expect(await sender.run(new Date(Date.now() + 25 * 60 * 60_000))).toBe(0);

    expect(await queued()).toEqual([]);
    expect(lines.map((line) => line.level)).toEqual(['warn', 'error']);
    expect(lines[1]!.fields).toMatchObject({ to: email, attempts: 3, error: '550 mailbox unavailable' });
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain(new URL(row!.link).pathname);
    expect(logged).not.toContain(row!.text_body.split('\n')[0]);
  });

  it('sends each queued email exactly once when several senders run at once', async () => {
    const gate = deferred();
    mailServer = () => gate.promise;
    const addresses = Array.from({ length: 12 }, (_, index) => `crowd-${index}@example.com`);
    for (const email of addresses) expect((await signUp(email)).status).toBe(200);

    // two more servers' senders, each with its own connection on PostgreSQL (PGlite has one)
    const handles: DatabaseHandle[] = [];
    const databases = [t.db, t.db];
    if (t.databaseUrl)
      for (let index = 0; index < 2; index++) {
        handles.push(await openDatabase({ kind: 'postgres', url: t.databaseUrl }));
        databases[index] = handles[index]!.db;
      }
    try {
      const delivered: string[] = [];
      const transport: Mailer = {
        send: async (email) => {
          await mailServer(email);
          delivered.push(email.to);
        },
      };
      const logger = createLogger('silent');
      const senders = databases.map((db) => createMailSender({ db, transport, logger }));
      const passes = Promise.all(senders.map((sender) => sender.run(new Date())));
      gate.resolve();
      await passes;
      await t.mailSender.idle();
      await t.mailSender.run(new Date());

      const byTheApp = t.outbox.filter((item) => item.to.startsWith('crowd-')).map((item) => item.to);
      expect([...byTheApp, ...delivered].sort()).toEqual([...addresses].sort());
      expect(await queued()).toEqual([]);
    } finally {
      for (const handle of handles) await handle.close();
    }
  });
});
