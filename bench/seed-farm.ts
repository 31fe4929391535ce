// npm run seed:farm — fills a running Paddock with a season on a real hobby farm (e2e/support/season.ts:
// 3 groups, 31 animals, 12 weeks of records, long names, a farm zone unlike the browser's) under a
// new account, to use and look at by hand (screenshots at 360/390/1280 px).
//
//   npm start                                     # in another terminal (DATA_DIR defaults to ./data)
//   npm run seed:farm -- --url http://localhost:3000 --outbox ./data/outbox
//
// Signs up, confirms through the link in the outbox (the app writes mail there without SMTP_URL),
// seeds, and prints the email and password to sign in with. The farm gets a partner (Member) and a
// farm sitter, with long addresses, who sign in with the same password, and a season of eggs.
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

/** One person's browser: their cookies. */
type Jar = { cookie: string };
const owner: Jar = { cookie: '' };

async function request(
  method: string,
  path: string,
  body?: unknown,
  redirect: RequestRedirect = 'follow',
  jar: Jar = owner,
) {
  const response = await fetch(`${base}${path}`, {
    method,
    redirect,
    headers: {
      origin: base,
      cookie: jar.cookie,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const set = response.headers.getSetCookie().map((each) => each.split(';')[0]);
  if (set.length) jar.cookie = [jar.cookie, ...set].filter(Boolean).join('; ');
  return response;
}

const call: Call = async <T>(method: string, path: string, body?: unknown) => {
  const response = await request(method, path, body);
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
};

/** The newest link in the outbox's mail to `email` that matches `pattern` (quoted-printable decoded). */
async function mailedLink(email: string, pattern: RegExp): Promise<string> {
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
    const link = mails[0]?.match(pattern)?.[0];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No mail with ${pattern} for ${email} in ${values.outbox}`);
}

/** Invites `email` as `role`, and signs them up through the invitation's link (the same password). */
async function invite(email: string, role: 'member' | 'sitter') {
  await call('POST', '/api/v1/farm/invitations', { email, role });
  const token = new URL(await mailedLink(email, /https?:\/\/[^\s"<>]+\/invite\/[A-Za-z0-9_-]+/)).pathname
    .split('/')
    .pop()!;
  const signedUp = await request(
    'POST',
    `/api/public/invitations/${token}/sign-up`,
    { password: values.password },
    'follow',
    { cookie: '' },
  );
  if (!signedUp.ok) throw new Error(`${role} sign-up answered ${signedUp.status}: ${await signedUp.text()}`);
}

/** A season of eggs: about two thirds of the hens lay each day, fewer in the heat; some cracked. */
async function seedEggs(groupId: string, hens: number, today: string) {
  const base = Date.parse(`${today}T12:00:00Z`);
  for (let ago = 89; ago >= 0; ago--) {
    const collectedOn = new Date(base - ago * 86_400_000).toISOString().slice(0, 10);
    const eggs = Math.round(hens * (0.62 + 0.1 * Math.sin(ago / 9)));
    await call('POST', '/api/v1/egg-collections', {
      groupId,
      collectedOn,
      eggs,
      cracked: ago % 5 === 0 ? 1 : null,
    });
  }
}

const signUp = await request('POST', '/api/auth/sign-up/email', {
  email: values.email,
  password: values.password,
  name: '',
});
if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
const link = new URL(await mailedLink(values.email, /https?:\/\/[^\s"<>]+verify-email[^\s"<>]*/));
await request('GET', `${link.pathname}${link.search}`, undefined, 'manual');
const signIn = await request('POST', '/api/auth/sign-in/email', {
  email: values.email,
  password: values.password,
});
if (!signIn.ok) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);

const season = await seedSeason(call, { timeZone: values.zone });
await seedEggs(season.groups.hens, season.henIds.length, season.today);
await seedMilk(season.groups.goats, season.today);
await seedCabinet(season.today);
/**
 * Forty days of milk, morning and evening, from the goats' does: two kidded 45 days ago (their
 * days in milk), the others' lactations unrecorded.
 */
async function seedMilk(groupId: string, today: string) {
  const goats = await call<{ id: string; name: string; sex: string | null }[]>(
    'GET',
    `/api/v1/groups/${groupId}/animals`,
  );
  const does = goats.filter((goat) => goat.sex === 'female');
  const base = Date.parse(`${today}T12:00:00Z`);
  const dayAgo = (days: number) => new Date(base - days * 86_400_000).toISOString().slice(0, 10);
  for (const [index, doe] of does.slice(0, 2).entries())
    await call('POST', `/api/v1/animals/${doe.id}/births`, {
      bornOn: dayAgo(45),
      offspring: [{ name: `${doe.name.split(' ')[0]}'s kid ${index + 1}`, sex: 'female' }],
    });
  for (let ago = 39; ago >= 0; ago--)
    for (const milking of ['morning', 'evening'] as const)
      await call('POST', '/api/v1/milk-records', {
        milkedOn: dayAgo(ago),
        milking,
        groupId,
        records: does.map((doe, index) => ({
          animalId: doe.id,
          amount: Math.round((2.4 + index * 0.35 + (milking === 'morning' ? 0.4 : 0)) * 100) / 100,
        })),
      });
}

function addYear(day: string): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + 365 * 86_400_000).toISOString().slice(0, 10);
}

/** The shelf: a wormer dosed by weight (one lot expired), a vaccine with boosters, a low spray. */
async function seedCabinet(today: string) {
  const medicine = (body: Record<string, unknown>) => call<{ id: string }>('POST', '/api/v1/medicines', body);
  const stock = (id: string, body: Record<string, unknown>) =>
    call<{ id: string }>('POST', `/api/v1/medicines/${id}/lots`, body);
  const wormer = await medicine({
    name: 'Cydectin Pour-On for Goats and Sheep (Moxidectin 0.5%)',
    activeIngredient: 'Moxidectin',
    unit: 'mL',
    route: 'pour-on',
    dose: { kind: 'by-weight', amount: 1, perWeight: 22, maxDose: 25 },
    meatWithdrawalDays: 14,
    milkWithdrawalDays: 9,
    lowStockLevel: 50,
  });
  await stock(wormer.id, {
    quantity: 250,
    lotNumber: 'MX-2291',
    expiresOn: addYear(today),
    supplier: 'Valley Farm Supply',
    price: 64.5,
  });
  await stock(wormer.id, {
    quantity: 40,
    lotNumber: 'MX-1107',
    expiresOn: '2026-03-31',
    supplier: 'Valley Farm Supply',
  });
  const vaccine = await medicine({
    name: 'CD&T Toxoid',
    unit: 'mL',
    route: 'injection',
    dose: { kind: 'fixed', amount: 2 },
    meatWithdrawalDays: 21,
    schedule: { initialDoses: 2, daysApart: 21, boosterMonths: 12 },
  });
  await stock(vaccine.id, { quantity: 50, lotNumber: 'CDT-88', expiresOn: addYear(today) });
  const spray = await medicine({
    name: 'Blu-Kote wound spray',
    unit: 'mL',
    route: 'topical',
    lowStockLevel: 100,
  });
  await stock(spray.id, { quantity: 60, expiresOn: addYear(today) });
  await medicine({ name: 'Poultry Nutri-Drench', unit: 'mL', route: 'oral', eggWithdrawalDays: 0 });
}

const [name, domain] = values.email.split('@');
const partner = `${name}.partner-and-co-owner@${domain}`;
const sitter = `${name}.weekend-farm-sitter@${domain}`;
await invite(partner, 'member');
await invite(sitter, 'sitter');
console.log(
  `Seeded ${season.animals.length} animals in 3 groups, 90 days of eggs, 40 of milk and a medicine cabinet for ${values.email} / ${values.password}\n` +
    `  member: ${partner}\n  farm sitter: ${sitter}\n` +
    `  long-named goat: ${base}/animal/${season.longNamedId}\n  hens: ${base}/group/${season.groups.hens}`,
);
