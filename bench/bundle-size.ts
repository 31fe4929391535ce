// JavaScript sizes of the built web app against the house budgets (gzip): the landing page
// ≤ 60 KB, the signed-in first load ≤ 120 KB; each lazily loaded page's own code (what no other
// page shares) ≤ 40 KB, and all that a cold visit straight to it downloads (the first load, the
// page and every chunk it imports) ≤ 200 KB. Shared chunks count once, in the cold visits, not
// in every page that uses them (issue 25). Sizes, not times: deterministic, so `--check` fails
// the test run when a budget is broken. Files are counted too: on a phone's network each is a round
// trip, so the first load and the pages Lighthouse measures have a budget of files (decision 0054).
// usage: npm run build && node --import tsx bench/bundle-size.ts [--check]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

type ManifestChunk = {
  file: string;
  src?: string;
  imports?: string[];
  isDynamicEntry?: boolean;
  assets?: string[];
};

const webDir = join(import.meta.dirname, '..', 'dist', 'web');
const manifest = JSON.parse(readFileSync(join(webDir, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;
const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
const gzipKb = (file: string) => gzipSync(readFileSync(join(webDir, file))).length / 1024;

/** The chunk files a set of chunks loads, following static imports. */
function closure(files: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const key of byFile.get(file)?.imports ?? []) visit(manifest[key]!.file);
  };
  files.forEach(visit);
  return seen;
}

/** JS an HTML page loads before anything else: its module scripts and what they import. */
function htmlScripts(page: string): Set<string> {
  const html = readFileSync(join(webDir, page), 'utf8');
  const sources = [...html.matchAll(/<script[^>]*\ssrc="\/?([^"]+\.js)"/g)].map((match) => match[1]!);
  if (/<script(?![^>]*\ssrc=)[^>]*>/.test(html)) throw new Error(`${page} has an inline script`);
  return closure(sources);
}

const sum = (files: Iterable<string>) => [...files].reduce((total, file) => total + gzipKb(file), 0);

/** a budget of KB gzip, or of files (`files: true`) */
const rows: { what: string; kb: number; budget: number; files?: true }[] = [];
const landing = htmlScripts('landing.html');
rows.push({ what: 'landing page (/)', kb: sum(landing), budget: 60 });
const firstLoad = htmlScripts('index.html');
rows.push({ what: 'signed-in first load', kb: sum(firstLoad), budget: 120 });
rows.push({ what: 'signed-in first load', kb: firstLoad.size, budget: 3, files: true });
const lazyPages = Object.values(manifest)
  .filter((entry) => entry.isDynamicEntry)
  .map((chunk) => ({ chunk, extra: [...closure([chunk.file])].filter((file) => !firstLoad.has(file)) }));
/** How many lazy pages load each chunk beyond the first load: a chunk of one page is its own. */
const users = new Map<string, number>();
for (const { extra } of lazyPages) for (const file of extra) users.set(file, (users.get(file) ?? 0) + 1);
/**
 * The pages Lighthouse measures (bench/lighthouse.ts), with budgets for what they load beyond the
 * first load: Home in files and bytes (a rule that brought the form libraries to it would add
 * ~28 KB), the edit page in files: what its heading waits for (its form comes apart, after), and
 * an animal's page and Production in both (their dialogs' forms come when they open: the form
 * libraries would add ~28 KB).
 */
const firstScreens: { page: string; files: number; kb?: number }[] = [
  { page: 'app/routes/my-herd-page.tsx', files: 10, kb: 25 },
  { page: 'app/routes/edit-animal-page.tsx', files: 8 },
  { page: 'app/routes/animal-profile-page.tsx', files: 22, kb: 35 },
  { page: 'app/routes/production-page.tsx', files: 12, kb: 30 },
];
let heaviest = { what: '', kb: 0 };
for (const { chunk, extra } of lazyPages) {
  const name = chunk.src ?? chunk.file;
  // the page's own chunk, and the chunks no other lazy page loads
  const own = extra.filter((file) => file === chunk.file || users.get(file) === 1);
  rows.push({ what: `lazy, own code: ${name}`, kb: sum(own), budget: 40 });
  const cold = sum(firstLoad) + sum(extra);
  rows.push({ what: `cold visit: ${name}`, kb: cold, budget: 200 });
  if (cold > heaviest.kb) heaviest = { what: name, kb: cold };
  const screen = firstScreens.find((one) => name.endsWith(one.page));
  if (screen) {
    rows.push({
      what: `beyond the first load: ${name}`,
      kb: extra.length,
      budget: screen.files,
      files: true,
    });
    if (screen.kb) rows.push({ what: `beyond the first load: ${name}`, kb: sum(extra), budget: screen.kb });
  }
}

// A module worker (new Worker(new URL(...))) is built apart: the manifest lists its file only as an
// asset of the chunk that starts it, and not the chunks it imports. It loads after that page, when
// the page needs it, so each of its lazy paths (the worker, what it imports, one dynamic import)
// has a lazy page's budget.
const workerImports = (file: string, kind: 'static' | 'dynamic') => {
  const code = readFileSync(join(webDir, file), 'utf8');
  const pattern =
    kind === 'static'
      ? /(?:from|import)\s*["'`]\.\/([\w.-]+\.js)["'`]/g
      : /import\(\s*["'`]\.\/([\w.-]+\.js)["'`]\s*\)/g;
  return [...code.matchAll(pattern)].map((match) => `assets/${match[1]!}`);
};
const workerClosure = (files: string[]) => {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    workerImports(file, 'static').forEach(visit);
  };
  files.forEach(visit);
  return seen;
};
const workers = new Set(
  Object.values(manifest).flatMap((chunk) =>
    (chunk.assets ?? []).filter((asset) => /\.worker-[\w-]+\.js$/.test(asset)),
  ),
);
for (const worker of workers) {
  const base = workerClosure([worker]);
  const lazy = [...base].flatMap((file) => workerImports(file, 'dynamic'));
  for (const paths of lazy.length ? lazy.map((file) => [worker, file]) : [[worker]]) {
    rows.push({ what: `worker: ${paths.join(' + ')}`, kb: sum(workerClosure(paths)), budget: 40 });
  }
}

let broken = 0;
for (const row of rows) {
  const over = row.kb > row.budget;
  if (over) broken++;
  console.log(
    `${row.what.padEnd(60)} ${(row.files ? String(row.kb) : row.kb.toFixed(2)).padStart(6)} ${row.files ? 'files    ' : 'KB gzip  '} / ${row.budget} ${row.files ? 'files' : 'KB'}  (${((row.kb / row.budget) * 100).toFixed(0)}%)${over ? '  OVER BUDGET' : ''}`,
  );
}
console.log(`heaviest cold visit: ${heaviest.what} (${heaviest.kb.toFixed(2)} KB gzip)`);
if (process.argv.includes('--check') && broken) {
  console.error(`${broken} bundle budget(s) broken`);
  process.exit(1);
}
