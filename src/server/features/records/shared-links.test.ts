// Access outlives removal (issue 23): a share link or a calendar feed a member made stops working
// when they are removed or leave (the same transaction as the removal), and an owner sees every
// live share link of the farm — which animal, who made it, since when — and revokes any of them;
// a member or sitter may not list them, and another farm neither sees nor revokes them.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordShareLink, SharedLinks } from '../../../shared/schemas/records';
import { appUrl, backends, createTestApp, type TestApp } from '../../../../test/support/test-app';

describe.each(backends)('shared links on %s', (backend) => {
  let t: TestApp;
  let owner: string;
  let stranger: string;
  const animals: Record<string, string> = {};
  const password = 'correct horse battery';

  const call = (cookie: string, method: string, path: string, body?: unknown) =>
    t.request(path, { cookie, method, body });
  const ok = async <T = Record<string, unknown>>(response: Response, status = 200): Promise<T> => {
    const text = await response.text();
    expect(response.status, text).toBe(status);
    return (text ? JSON.parse(text) : null) as T;
  };
  /** Someone with an account, invited with a role and accepting: their session is in the owner's farm. */
  const join = async (email: string, role: 'member' | 'sitter') => {
    const { cookie } = await t.signUpAndConfirm(email, password);
    await ok(await call(owner, 'POST', '/api/v1/farm/invitations', { email, role }), 201);
    const token = /\/invite\/([A-Za-z0-9_-]{43})$/.exec(t.lastLinkTo(email))![1]!;
    await ok(await call(cookie, 'POST', '/api/v1/invitations/accept', { token }));
    return cookie;
  };
  const userIdOf = async (cookie: string, email: string) => {
    const list = await ok<{ members: { userId: string; email: string }[] }>(
      await call(cookie, 'GET', '/api/v1/farm/members'),
    );
    return list.members.find((member) => member.email === email)!.userId;
  };
  const share = async (cookie: string, animal: string) =>
    ok<RecordShareLink>(await call(cookie, 'POST', `/api/v1/animals/${animals[animal]}/record/share`), 201);
  const feed = async (cookie: string) =>
    ok<{ url: string }>(await call(cookie, 'POST', '/api/v1/calendar-feed'), 201);
  /** What a vet (or a calendar app) holding the address gets: no cookie. */
  const open = async (url: string) => (await t.app.request(url.replace(new URL(url).origin, appUrl))).status;
  const record = (link: RecordShareLink) => `${appUrl}/api/public/records/${link.url.split('/record/')[1]}`;
  const listed = async (cookie = owner) =>
    (await ok<SharedLinks>(await call(cookie, 'GET', '/api/v1/farm/share-links'))).links;

  beforeAll(async () => {
    t = await createTestApp(backend);
    owner = (await t.signUpAndConfirm('olive.owner@example.com', password)).cookie;
    await ok(await call(owner, 'PATCH', '/api/v1/farm/settings', { farmName: 'Hill Farm' }));
    await ok(await call(owner, 'PATCH', '/api/v1/profile', { ownerName: 'Olive' }));
    const pen = (await ok<{ id: string }>(await call(owner, 'POST', '/api/v1/groups', { name: 'Pen' }), 201))
      .id;
    for (const name of ['Clover', 'Daisy', 'Bramble'])
      animals[name] = (
        await ok<{ id: string }>(await call(owner, 'POST', '/api/v1/animals', { name, groupIds: [pen] }), 201)
      ).id;
    stranger = (await t.signUpAndConfirm('sid.stranger@example.com', password)).cookie;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('ends the share links and the calendar feed of a member who is removed, and only theirs', async () => {
    const mia = await join('mia.member@example.com', 'member');
    await ok(await call(mia, 'PATCH', '/api/v1/profile', { ownerName: 'Mia' }));
    const miasLink = await share(mia, 'Clover');
    const miasFeed = await feed(mia);
    const ownersLink = await share(owner, 'Daisy');
    expect(await open(record(miasLink))).toBe(200);
    expect(await open(miasFeed.url)).toBe(200);

    // the owner sees both, with who made each and since when
    expect(await listed()).toEqual([
      { animalId: animals.Clover, animalName: 'Clover', sharedBy: 'Mia', sharedSince: miasLink.sharedSince },
      {
        animalId: animals.Daisy,
        animalName: 'Daisy',
        sharedBy: 'Olive',
        sharedSince: ownersLink.sharedSince,
      },
    ]);

    await ok(
      await call(owner, 'DELETE', `/api/v1/farm/members/${await userIdOf(owner, 'mia.member@example.com')}`),
      204,
    );
    expect(await open(record(miasLink))).toBe(404);
    expect(await open(`${record(miasLink)}/photo`)).toBe(404);
    expect(await open(miasFeed.url)).toBe(404);
    expect(await ok(await call(owner, 'GET', '/api/v1/calendar-feed'))).toEqual({ createdAt: null });
    // what the owner made stays
    expect(await open(record(ownersLink))).toBe(200);
    expect((await listed()).map((link) => link.animalName)).toEqual(['Daisy']);
  });

  it('ends what a member made when they leave, and not the feed someone else made', async () => {
    const lee = await join('lee.leaver@example.com', 'member');
    const ray = await join('ray.member@example.com', 'member');
    const leesLink = await share(lee, 'Bramble');
    const leesFeed = await feed(lee);
    expect(await open(leesFeed.url)).toBe(200);
    // each person's feed is their own (issue 24): Ray's leaves Lee's working
    const raysFeed = await feed(ray);
    expect(await open(leesFeed.url)).toBe(200);

    await ok(await call(lee, 'POST', '/api/v1/farm/leave'), 204);
    expect(await open(record(leesLink))).toBe(404);
    expect(await open(leesFeed.url)).toBe(404);
    expect(await open(raysFeed.url)).toBe(200);
    expect((await listed()).map((link) => link.animalName)).toEqual(['Daisy']);

    await ok(await call(ray, 'POST', '/api/v1/farm/leave'), 204);
    expect(await open(raysFeed.url)).toBe(404);
  });

  it('ends what a member made once their last day as a farm sitter has passed', async () => {
    const sam = await join('sam.member-then-sitter@example.com', 'member');
    const samsLink = await share(sam, 'Bramble');
    const samsFeed = await feed(sam);
    const samId = await userIdOf(owner, 'sam.member-then-sitter@example.com');
    // the owner makes Sam a farm sitter until a day; then that day passes (as time would)
    await ok(
      await call(owner, 'PATCH', `/api/v1/farm/members/${samId}`, {
        role: 'sitter',
        accessUntil: `${new Date().getUTCFullYear() + 1}-01-01`,
      }),
      204,
    );
    expect(await open(record(samsLink))).toBe(200);
    expect(await open(samsFeed.url)).toBe(200);
    await t.db.execute(sql`update farm_members set access_until = current_date - 2 where user_id = ${samId}`);
    expect(await open(record(samsLink))).toBe(404);
    expect(await open(samsFeed.url)).toBe(404);
    expect((await listed()).map((link) => link.animalName)).not.toContain('Bramble');
  });

  it('lets only an owner list the links, and an owner revoke any of them', async () => {
    const mo = await join('mo.member@example.com', 'member');
    const sam = await join('sam.sitter@example.com', 'sitter');
    const mosLink = await share(mo, 'Clover');
    expect((await call(mo, 'GET', '/api/v1/farm/share-links')).status).toBe(403);
    expect((await call(sam, 'GET', '/api/v1/farm/share-links')).status).toBe(403);
    expect((await t.request('/api/v1/farm/share-links')).status).toBe(401);

    // another farm sees only its own (none), and cannot revoke these
    expect(await listed(stranger)).toEqual([]);
    expect((await call(stranger, 'DELETE', `/api/v1/animals/${animals.Clover}/record/share`)).status).toBe(
      404,
    );
    expect(await open(record(mosLink))).toBe(200);

    // the owner revokes the member's link (and their own): each stops working, the list empties
    expect((await listed()).map((link) => [link.animalName, link.sharedBy])).toEqual([
      ['Clover', 'mo.member@example.com'],
      ['Daisy', 'Olive'],
    ]);
    await ok(await call(owner, 'DELETE', `/api/v1/animals/${animals.Clover}/record/share`), 204);
    expect(await open(record(mosLink))).toBe(404);
    await ok(await call(owner, 'DELETE', `/api/v1/animals/${animals.Daisy}/record/share`), 204);
    expect(await listed()).toEqual([]);
  });
});
