// Entry point: `node --import tsx src/server/main.ts` (npm start).
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { startServer } from './server';

// Signals are handled from the first moment: a stop that arrives while the server starts waits
// for the start to finish, then closes the database cleanly.
const starting = startServer(loadConfig());
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    starting
      .then((running) => running.stop())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
  });
}

try {
  await starting;
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`Paddock cannot start: ${error.message}`);
    process.exit(2);
  }
  throw error;
}
