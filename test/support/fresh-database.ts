// A new, empty PostgreSQL database for one test file or benchmark run, made from the admin URL
// in TEST_DATABASE_URL (CI points it at the local server), or a copy of a template database (a
// migrated one: much faster than migrating each); drop() removes it again.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export async function freshPostgresDatabase(
  prefix: string,
  adminUrl = process.env.TEST_DATABASE_URL,
  template?: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  if (!adminUrl) throw new Error('A PostgreSQL backend needs TEST_DATABASE_URL (an admin connection URL).');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
