// npm run bench:pair -- --reuse postgres://…/paddock_scale_… --only "milk production" [--against REV]
// One read's statements as this tree sends them against the same read as another commit sent them
// (default HEAD, so that uncommitted work is measured against the last commit), on a database the
// bench kept (`npm run bench -- --keep`). Both are run by one pgbench, taking turns at random in
// the same seconds: on a machine whose speed moves within minutes, two runs one after the other
// differ by more than most changes (decision 0060). Prepared, as the app's statements are, so that
// after five runs each uses the generic plan the app uses. Figures only. Needs pgbench (PostgreSQL's
// client tools) and git.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Captured } from './scale/capture';

const { values: options } = parseArgs({
  options: {
    reuse: { type: 'string' },
    only: { type: 'string' },
    against: { type: 'string', default: 'HEAD' },
    seconds: { type: 'string', default: '30' },
  },
});
if (!options.reuse || !options.only)
  throw new Error('Give a kept database and a read: --reuse postgres://… --only "milk production"');

const here = resolve(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'paddock-pair-'));
const other = join(work, 'tree');

/** The statements of the read as the tree at `root` sends them. */
function capture(root: string, tag: string): Captured {
  const out = join(work, `${tag}.json`);
  execFileSync(
    process.execPath,
    ['--import', 'tsx', join(here, 'bench/scale/capture.ts'), root, options.reuse!, options.only!, out],
    { cwd: here, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  return JSON.parse(readFileSync(out, 'utf8')) as Captured;
}

/**
 * `statement` as pgbench can prepare it: its comments left out (a doe's apostrophe in one would
 * open a string), and each colon before a letter inside a quoted string split from it ('HH24:MI'
 * as 'HH24:' || 'MI', which the planner folds back): pgbench takes `:MI` for a variable even there.
 */
const forPgbench = (statement: string) =>
  statement.replace(/--[^\n]*|'(?:[^']|'')*'/g, (part) =>
    part.startsWith('--') ? '' : part.replace(/:(?=[A-Za-z_])/g, ":' || '"),
  );

/**
 * A pgbench script of `captured`'s statements, each parameter a variable named for `tag` (given
 * with -D), a null written NULL (pgbench has no null variable), and the -D arguments.
 */
function script(captured: Captured, tag: string): { file: string; defines: string[] } {
  const defines: string[] = [];
  const text = captured.statements
    .map(({ text: statement, params }, index) =>
      forPgbench(statement).replace(/\$(\d+)\b/g, (_match, digits: string) => {
        const value = params[Number(digits) - 1];
        if (value === null || value === undefined) return 'NULL';
        const variable = `${tag}_${index}_${digits}`;
        // a number or a boolean as JSON writes it; an object (a JSON column's value) as JSON
        const shown =
          value instanceof Date
            ? value.toISOString()
            : typeof value === 'string'
              ? value
              : JSON.stringify(value);
        defines.push('-D', `${variable}=${shown}`);
        return `:${variable}`;
      }),
    )
    .map((statement) => `${statement};\n`)
    .join('');
  const file = join(work, `${tag}.sql`);
  writeFileSync(file, text);
  return { file, defines };
}

try {
  execFileSync('git', ['worktree', 'add', '--detach', other, options.against], {
    cwd: here,
    stdio: 'ignore',
  });
  symlinkSync(join(here, 'node_modules'), join(other, 'node_modules'));
  const mine = script(capture(here, 'this'), 'this');
  const theirs = script(capture(other, 'other'), 'other');
  const output = execFileSync(
    'pgbench',
    [
      '--no-vacuum',
      '--protocol=prepared',
      '--client=1',
      `--time=${options.seconds}`,
      '--file',
      `${theirs.file}@1`,
      '--file',
      `${mine.file}@1`,
      ...theirs.defines,
      ...mine.defines,
      options.reuse,
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  // "SQL script 1: …" then its " - latency average = 3.761 ms"
  const latencies = [...output.matchAll(/SQL script \d+:[\s\S]*?latency average = ([\d.]+) ms/g)].map(
    (match) => Number(match[1]),
  );
  const [before, after] = latencies as [number, number];
  console.log(
    `| Read | ${options.against} | this tree | Change |\n|---|---|---|---|\n| ${options.only} | ${before.toFixed(2)} ms | ${after.toFixed(2)} ms | ${(((after - before) / before) * 100).toFixed(0)} % |`,
  );
  console.log(
    `(${options.seconds} s of one pgbench, the two taking turns at random; ms per run of the statements)`,
  );
} finally {
  execFileSync('git', ['worktree', 'remove', '--force', other], { cwd: here, stdio: 'ignore' });
  rmSync(work, { recursive: true, force: true });
}
