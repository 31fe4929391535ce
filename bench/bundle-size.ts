// JavaScript sizes of the built web app against the house budgets (gzip): the landing page
// ≤ 60 KB, the signed-in first load ≤ 120 KB, each lazily loaded page ≤ 40 KB beyond the first
// load. Sizes, not times: deterministic, so `--check` fails the test run when a budget is broken.
// usage: npm run build && node --import tsx bench/bundle-size.ts [--check]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

type ManifestChunk = { file: string; src?: string; imports?: string[]; isDynamicEntry?: boolean };

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

const rows: { what: string; kb: number; budget: number }[] = [];
const landing = htmlScripts('landing.html');
rows.push({ what: 'landing page (/)', kb: sum(landing), budget: 60 });
const firstLoad = htmlScripts('index.html');
rows.push({ what: 'signed-in first load', kb: sum(firstLoad), budget: 120 });
for (const chunk of Object.values(manifest).filter((entry) => entry.isDynamicEntry)) {
  const extra = [...closure([chunk.file])].filter((file) => !firstLoad.has(file));
  rows.push({ what: `lazy: ${chunk.src ?? chunk.file}`, kb: sum(extra), budget: 40 });
}

let broken = 0;
for (const row of rows) {
  const over = row.kb > row.budget;
  if (over) broken++;
  console.log(
    `${row.what.padEnd(60)} ${row.kb.toFixed(1).padStart(6)} KB gzip  / ${row.budget} KB  (${((row.kb / row.budget) * 100).toFixed(0)}%)${over ? '  OVER BUDGET' : ''}`,
  );
}
if (process.argv.includes('--check') && broken) {
  console.error(`${broken} bundle budget(s) broken`);
  process.exit(1);
}
