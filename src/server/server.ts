// Starts Paddock: config → database (locked, migrated) → auth → HTTP server, and stops it cleanly.
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { createAuth } from './auth/auth';
import type { Config } from './config';
import { openDatabase } from './db/database';
import { createLogger, type Logger } from './log/logger';
import { createDailyEmailRepo } from './features/daily-email/daily-email.repo';
import { createDailyEmailJob } from './features/daily-email/daily-email.job';
import { createWarningsRepo } from './features/medicines/warnings.repo';
import { createDayWarnings } from './features/medicines/warnings.service';
import { createNotificationsJob } from './features/notifications/notifications.job';
import { createNotificationsRepo } from './features/notifications/notifications.repo';
import { createPushSender } from './features/notifications/push-sender';
import { createDemoCleanupJob } from './features/demo/demo.service';
import { createMailSender, createQueueMailer } from './mail/mail-queue';
import { createMailer } from './mail/mailer';
import { createDatabasePhotoStore, createFolderPhotoStore, type PhotoStore } from './photos/photo-store';
import { copyFolderPhotos, createPhotoSweepJob, sweepOrphanPhotos } from './photos/photo-sweep';

export const defaultWebDir = fileURLToPath(new URL('../../dist/web', import.meta.url));

export async function startServer(config: Config) {
  const logger = createLogger(config.logLevel, { development: config.nodeEnv === 'development' });
  const handle = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  // Requests queue their email (one insert) and answer; the sender delivers it just after, and
  // retries what failed every job interval. See docs/decisions/0033-mail-queue.md.
  const mailSender = createMailSender({
    db: handle.db,
    transport: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: join(config.dataDir, 'outbox'),
      logger,
    }),
    logger,
  });
  const mailer = createQueueMailer(handle.db, () => mailSender.wake());
  const auth = createAuth({ config, db: handle.db, mailer, logger });
  const photoDir = join(config.dataDir, 'photos');
  const folderPhotos = createFolderPhotoStore(photoDir);
  let photos: PhotoStore = folderPhotos;
  if (handle.kind === 'postgres') {
    // any number of servers may share this database: photos live in it, where all of them read
    photos = createDatabasePhotoStore(handle.db);
    await copyFolderPhotos({ db: handle.db, from: folderPhotos, to: photos, logger });
    // (the sweep of files no animal points to runs as a job: at start-up, then hourly)
  } else {
    // before listening, so that no upload is in flight: what no row points to is a crash's leftover
    await sweepOrphanPhotos({ db: handle.db, photoDir, logger });
  }
  const app = createApp({ config, db: handle.db, auth, logger, mailer, photos, webDir: defaultWebDir });
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host });
  // Keep idle connections longer than browsers and proxies do (Node closes them after 5 s): a
  // client that reuses one just as the server closes it gets ECONNRESET, as a browser test did.
  const http = server as unknown as { keepAliveTimeout: number; headersTimeout: number };
  http.keepAliveTimeout = 65_000;
  http.headersTimeout = 66_000;
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = new URL(config.appUrl).origin;
  const jobs = startJobs(logger, config.jobIntervalMs, [
    createDailyEmailJob({
      repo: createDailyEmailRepo(handle.db),
      cabinet: createDayWarnings(createWarningsRepo(handle.db)),
      mailer,
      origin,
      logger,
    }),
    // reminders that ring (decision 0045): Web Push to each person's devices
    createNotificationsJob({
      repo: createNotificationsRepo(handle.db),
      send: createPushSender({
        vapid: config.vapid,
        allowPrivateEndpoints: config.pushAllowPrivateEndpoints,
      }),
      logger,
    }),
    createDemoCleanupJob({ db: handle.db, photos }),
    mailSender,
    ...(handle.kind === 'postgres' ? [createPhotoSweepJob({ db: handle.db, logger })] : []),
  ]);
  logger.info('Paddock is running', {
    url: config.appUrl,
    port,
    database:
      handle.kind === 'pglite' ? `embedded PGlite in ${join(config.dataDir, 'pgdata')}` : 'PostgreSQL',
    photos: handle.kind === 'postgres' ? 'in the database' : photoDir,
    mail: config.smtpUrl ? 'SMTP' : `outbox ${join(config.dataDir, 'outbox')}`,
  });

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      logger.info('Paddock is stopping');
      await jobs.stop();
      await mailSender.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
      await handle.close();
      logger.info('Paddock stopped; database closed cleanly');
    })());
  return { port, stop };
}

/**
 * Runs each job every `intervalMs` (a minute unless JOB_INTERVAL_SECONDS says), one pass at a time. Every server runs them: the jobs claim their
 * work in the database, so two servers never do the same piece twice.
 */
function startJobs(logger: Logger, intervalMs: number, jobs: { run(now: Date): Promise<unknown> }[]) {
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = running.then(async () => {
      for (const job of jobs)
        await job.run(new Date()).catch((error: unknown) =>
          logger.error('a background job failed; it runs again at the next interval', {
            error: error instanceof Error ? error.message : String(error),
          }),
        );
    });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
