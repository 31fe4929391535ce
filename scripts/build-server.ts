// The production server: src/server compiled once by esbuild into dist/server/main.js (packages
// stay in node_modules), with the SQL migrations and routines beside it. `npm start` runs it with
// plain node instead of transpiling TypeScript through tsx at every start (issue 10: ready in about
// half the time, with less memory). The backup and restore commands are compiled beside it (the API
// tests run them so; they find the same migrations). Development (`npm run dev`) keeps tsx.
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
// SERVER_OUTDIR lets the benchmark build a private copy while dist/ is in use
const outdir = process.env.SERVER_OUTDIR ?? `${root}dist/server`;

rmSync(outdir, { recursive: true, force: true });
await build({
  // all three side by side in outdir
  entryPoints: ['main', 'backup/backup-command', 'backup/restore-command'].map((entry) => ({
    in: `${root}src/server/${entry}.ts`,
    out: entry.replace('backup/', ''),
  })),
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
// database.ts and routines.ts find their SQL beside themselves: in the bundle, beside main.js
cpSync(`${root}src/server/db/migrations`, `${outdir}/migrations`, { recursive: true });
cpSync(`${root}src/server/db/routines`, `${outdir}/routines`, { recursive: true });
console.log(`server → ${outdir}/main.js`);
