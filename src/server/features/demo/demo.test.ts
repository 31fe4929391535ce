// Demo farm (issue 12): 'View Demo' opens at once a private demo farm with a season in it, signed
// in by a session of its own; it sends nothing outside (no email, share links or calendar feeds);
// it is limited per address; and after 24 hours it is removed with everything in it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dateInZone, mediumDate } from '../../../shared/care/dates';
import { queryRows } from '../../db/sql-text';
import { createFolderPhotoStore } from '../../photos/photo-store';
import { appUrl, backends, createTestApp, type TestApp } from '../../../../test/support/test-app';
import { demoLimit } from './demo.routes';
import { demoEmailDomain } from '../../auth/demo-address';
import { createDemoCleanupJob } from './demo.service';

describe.each(backends)('demo farm on %s', (backend) => {
  let t: TestApp;
  let first: string;
  let second: string;
  let realCookie: string;
  let opened = 0;

  const openDemo = async (headers: Record<string, string> = { origin: appUrl }) => {
    const response = await t.app.request(`${appUrl}/api/demo`, { method: 'POST', headers });
    if (response.status === 303) opened++;
    return response;
  };
  const as = (cookie: string, path: string, init: { method?: string; body?: unknown } = {}) =>
    t.request(path, { cookie, ...init });

  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ cookie: realCookie } = await t.signUpAndConfirm('real-farmer@example.com'));
  });
  afterAll(() => t?.close());

  it('opens a farm full of a season at once, signed in, without sign-up', async () => {
    const response = await openDemo();
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/home');
    first = t.cookieFrom(response);
    expect(first).toContain('session_token');
    const profile = (await (await as(first, '/api/v1/profile')).json()) as {
      farmName: string;
      demoUntil: string;
    };
    expect(profile.farmName).toBe('Sunny Hollow (demo)');
    const hours = (Date.parse(profile.demoUntil) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    const groups = (await (await as(first, '/api/v1/groups')).json()) as { name: string }[];
    expect(groups.map((group) => group.name).sort()).toEqual(['Dairy Goats', 'Fiber Flock', 'Laying Hens']);
    const animals = (await (await as(first, '/api/v1/animals')).json()) as { id: string; name: string }[];
    expect(animals.length).toBeGreaterThanOrEqual(18);
    const today = dateInZone(new Date(), 'UTC');
    const reminders = (await (await as(first, '/api/v1/reminders')).json()) as
      { items?: { dueDate: string }[] } | { dueDate: string }[];
    const due = (Array.isArray(reminders) ? reminders : (reminders.items ?? [])).map(
      (reminder) => reminder.dueDate,
    );
    expect(due.some((date) => date < today)).toBe(true); // overdue
    expect(due.some((date) => date === today)).toBe(true); // due today
    expect(due.some((date) => date > today)).toBe(true);
    const clover = animals.find((animal) => animal.name === 'Clover')!;
    const weights = await (await as(first, `/api/v1/animals/${clover.id}/weights`)).json();
    expect(JSON.stringify(weights).match(/weightValue/g)?.length ?? 0).toBeGreaterThanOrEqual(12);
    // fully usable: a new group, an animal in it
    const pen = await as(first, '/api/v1/groups', { body: { name: 'My own pen' } });
    expect(pen.status).toBe(201);
  });

  it("gives every animal's details the weight of its latest weighing, as a real farm's writes do", async () => {
    const animals = (await (await as(first, '/api/v1/animals')).json()) as { id: string; name: string }[];
    for (const { id, name } of animals) {
      const animal = (await (await as(first, `/api/v1/animals/${id}`)).json()) as {
        weight: number | null;
        weightUnit: string | null;
      };
      const { points } = (await (await as(first, `/api/v1/animals/${id}/weights`)).json()) as {
        points: { weightValue: number; weightUnit: string | null }[];
      };
      // every demo animal has a weight (the hens too), never 'Not set' beside a chart
      expect(animal.weight, name).not.toBeNull();
      const latest = points.at(-1);
      if (latest)
        expect({ weight: animal.weight, unit: animal.weightUnit }, name).toEqual({
          weight: latest.weightValue,
          unit: latest.weightUnit,
        });
    }
    // and the lists (cards, the group weigh-in's 'Last: …' hints) read the same
    const list = (await (await as(first, '/api/v1/animals')).json()) as { name: string; weight: number }[];
    expect(list.find((animal) => animal.name === 'Clover')?.weight).toBe(142);
  });

  it("holds what a real farm's writes would: the breeding's reminder, the kid's dam", async () => {
    const today = dateInZone(new Date(), 'UTC');
    const reminders = (await (await as(first, '/api/v1/reminders')).json()) as
      { items?: { title: string; dueDate: string }[] } | { title: string; dueDate: string }[];
    const titled = (Array.isArray(reminders) ? reminders : (reminders.items ?? [])).map(
      ({ title, dueDate }) => ({ title, dueDate }),
    );
    // 'Record Breeding' makes 'Birth expected {MMM d, yyyy}: {dam}' a week before the birth
    expect(titled).toContainEqual({
      title: `Birth expected ${mediumDate(addDays(today, 90))}: Hazel`,
      dueDate: addDays(today, 83),
    });
    const animals = (await (await as(first, '/api/v1/animals')).json()) as { id: string; name: string }[];
    const id = (name: string) => animals.find((animal) => animal.name === name)!.id;
    const maple = (await (await as(first, `/api/v1/animals/${id('Maple')}`)).json()) as {
      dam: string | null;
      damId: string | null;
    };
    expect(maple).toMatchObject({ dam: 'Willow', damId: id('Willow') });
  });

  it('is private to its visitor: another demo is another farm', async () => {
    const response = await openDemo();
    second = t.cookieFrom(response);
    const mine = (await (await as(first, '/api/v1/animals')).json()) as { id: string }[];
    const theirs = (await (await as(second, '/api/v1/animals')).json()) as { id: string }[];
    expect(new Set(mine.map((animal) => animal.id)).has(theirs[0]!.id)).toBe(false);
    expect((await as(second, `/api/v1/animals/${mine[0]!.id}`)).status).toBe(404);
    expect((await as(first, '/api/v1/groups')).status).toBe(200);
  });

  it('sends nothing outside: no share link, calendar feed or email', async () => {
    const animals = (await (await as(first, '/api/v1/animals')).json()) as { id: string }[];
    for (const [method, path, body] of [
      ['POST', '/api/v1/calendar-feed', undefined],
      ['POST', `/api/v1/animals/${animals[0]!.id}/record/share`, undefined],
      ['PUT', '/api/v1/daily-email', { enabled: true }],
    ] as const) {
      const response = await as(first, path, { method, body });
      expect(response.status, path).toBe(403);
      expect((await response.json()).error.message).toBe(
        'Not available in the demo. Create an account to use it.',
      );
    }
    const users = await queryRows<{ email: string }>(
      t.db,
      sql`select email from "user" where email like ${`%@${demoEmailDomain}`}`,
    );
    expect(users.length).toBeGreaterThanOrEqual(2);
    await t.request('/api/auth/request-password-reset', {
      body: { email: users[0]!.email, redirectTo: '/reset-password' },
    });
    expect(t.outbox.filter((email) => email.to.endsWith(demoEmailDomain))).toHaveLength(0);
  });

  it('refuses a cross-site post, and more demos from one address than the limit', async () => {
    expect((await openDemo({ origin: 'https://evil.example' })).status).toBe(403);
    expect((await openDemo({})).status).toBe(403);
    while (opened < demoLimit.max) expect((await openDemo()).status).toBe(303);
    const refused = await openDemo();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('set-cookie')).toBeNull();
  });

  it('is removed with everything in it after 24 hours, and nothing else is', async () => {
    const job = createDemoCleanupJob({ db: t.db, photos: createFolderPhotoStore(t.photoDir) });
    expect(await job.run(new Date())).toBe(0);
    expect(await job.run(new Date(Date.now() + 25 * 3_600_000))).toBe(opened);
    // (their sessions go with their users; a server's few-second session cache cannot outlive them,
    // since a demo's session ends when the demo does)
    const left = await queryRows<{ count: number }>(
      t.db,
      sql`select (select count(*) from farms where demo_until is not null)::int
           + (select count(*) from "user" where email like ${`%@${demoEmailDomain}`})::int
           + (select count(*) from session s where not exists (select 1 from "user" u where u.id = s.user_id))::int
           + (select count(*) from animals a where not exists (select 1 from farms f where f.id = a.farm_id))::int as count`,
    );
    expect(left[0]!.count).toBe(0);
    expect((await as(realCookie, '/api/v1/profile')).status).toBe(200);
  });
});
