// npm run seed:farm — fills a running Paddock with a season on a real hobby farm (e2e/support/season.ts:
// 3 groups, 31 animals, 12 weeks of records, long names, a farm zone unlike the browser's) under a
// new account, to use and look at by hand (screenshots at 360/390/1280 px).
//
//   npm start                                     # in another terminal (DATA_DIR defaults to ./data)
//   npm run seed:farm -- --url http://localhost:3000 --outbox ./data/outbox
//
// Signs up, confirms through the link in the outbox (the app writes mail there without SMTP_URL),
// seeds, and prints the email and password to sign in with.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { seedSeason, type Call } from '../e2e/support/season';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:3000' },
    outbox: { type: 'string', default: './data/outbox' },
    email: { type: 'string', default: `farmer-${Date.now()}@paddock.example` },
    password: { type: 'string', default: 'correct horse battery' },
    zone: { type: 'string', default: 'Pacific/Auckland' },
  },
});
const base = values.url.replace(/\/$/, '');
let cookie = '';

async function request(method: string, path: string, body?: unknown, redirect: RequestRedirect = 'follow') {
  const response = await fetch(`${base}${path}`, {
    method,
    redirect,
    headers: {
      origin: base,
      cookie,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const set = response.headers.getSetCookie().map((each) => each.split(';')[0]);
  if (set.length) cookie = [cookie, ...set].filter(Boolean).join('; ');
  return response;
}

const call: Call = async <T>(method: string, path: string, body?: unknown) => {
  const response = await request(method, path, body);
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
};

/** The confirmation link of the newest mail to `email` in the outbox (quoted-printable decoded). */
async function confirmationLink(email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    // (mail is queued and written just after the answer: the folder may not be there yet)
    const mails = (existsSync(values.outbox) ? readdirSync(values.outbox) : [])
      .map((name) => join(values.outbox, name))
      .filter((path) => path.endsWith('.eml'))
      .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)
      .map((path) =>
        readFileSync(path, 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '='),
      )
      .filter((text) => text.includes(email));
    const link = mails[0]?.match(/https?:\/\/[^\s"<>]+verify-email[^\s"<>]*/)?.[0];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No confirmation mail for ${email} in ${values.outbox}`);
}

const signUp = await request('POST', '/api/auth/sign-up/email', {
  email: values.email,
  password: values.password,
  name: '',
});
if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
const link = new URL(await confirmationLink(values.email));
await request('GET', `${link.pathname}${link.search}`, undefined, 'manual');
const signIn = await request('POST', '/api/auth/sign-in/email', {
  email: values.email,
  password: values.password,
});
if (!signIn.ok) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);

const season = await seedSeason(call, { timeZone: values.zone });
console.log(
  `Seeded ${season.animals.length} animals in 3 groups for ${values.email} / ${values.password}\n` +
    `  long-named goat: ${base}/animal/${season.longNamedId}\n  hens: ${base}/group/${season.groups.hens}`,
);
