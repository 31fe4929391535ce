// Calendar feed (issue 12): a private .ics address per farm, 256 random bits stored hashed, shown
// once and revocable; its body is RFC 5545 as two independent parsers read it (ical.js and
// node-ical), with each active reminder an all-day event on its due date, and conditional GETs
// answered 304 while nothing changed.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import nodeIcal from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarFeedLink } from '../../../shared/schemas/calendar';
import { queryRows } from '../../db/sql-text';
import { appUrl, backends, createTestApp, type TestApp } from '../../../../test/support/test-app';

type Event = { uid: string; summary: string; start: string; url: string | null; description: string };

/** The events as ical.js reads them (the reference implementation behind many web calendars). */
function readWithIcalJs(body: string): { name: string; events: Event[] } {
  const calendar = new ICAL.Component(ICAL.parse(body) as unknown[]);
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    expect(event.startDate.isDate).toBe(true); // all-day
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toString(),
      url: component.getFirstPropertyValue('url') as string | null,
      description: event.description,
    };
  });
  return { name: String(calendar.getFirstPropertyValue('x-wr-calname')), events };
}

/** The same events as node-ical reads them. */
function readWithNodeIcal(body: string): Event[] {
  return Object.values(nodeIcal.sync.parseICS(body))
    .filter((item) => item?.type === 'VEVENT')
    .map((item) => {
      const event = item;
      expect((event.start as { dateOnly?: boolean }).dateOnly).toBe(true);
      const start = event.start as Date;
      const day = `${start.getFullYear()}-${String(start.getMonth() + 1).padStart(2, '0')}-${String(start.getDate()).padStart(2, '0')}`;
      const text = (value: unknown) => (typeof value === 'string' ? value : (value as { val: string }).val);
      return {
        uid: event.uid,
        summary: text(event.summary),
        start: day,
        url: event.url ? text(event.url) : null,
        description: text(event.description),
      };
    });
}

/**
 * The instant a wall time of a zone first reads (found minute by minute, independently of the
 * feed's own arithmetic); a time the clocks skip has none.
 */
function firstInstantOf(date: string, time: string, timeZone: string): number | undefined {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  const wall = Date.parse(`${date}T${time}:00Z`);
  for (let at = wall - 15 * 3_600_000; at <= wall + 15 * 3_600_000; at += 60_000) {
    const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
    if (`${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}` === `${date}T${time}`)
      return at;
  }
  return undefined;
}

/** Each event's alarm as ical.js reads it: 'DISPLAY <RELATED> <seconds from it>'. */
function alarmsOf(body: string) {
  return new ICAL.Component(ICAL.parse(body) as unknown[]).getAllSubcomponents('vevent').map((vevent) => {
    const alarm = vevent.getFirstSubcomponent('valarm');
    const trigger = alarm?.getFirstProperty('trigger');
    const related = trigger?.getParameter('related') ?? 'START';
    const seconds = (trigger?.getFirstValue() as { toSeconds(): number } | undefined)?.toSeconds();
    return {
      summary: String(vevent.getFirstPropertyValue('summary')),
      alarm: `${String(alarm?.getFirstPropertyValue('action'))} ${String(related)} ${seconds}`,
    };
  });
}

/** 'YYYY-MM-DD' → 'YYYYMMDD', as DTSTART writes it. */
const compact = (date: string) => date.replaceAll('-', '');

/** The n-th Sunday of a month, as 'YYYY-MM-DD'. */
const nthSunday = (year: number, month: number, n: number) => {
  const first = new Date(Date.UTC(year, month - 1, 1));
  const day = 1 + ((7 - first.getUTCDay()) % 7) + 7 * (n - 1);
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
};

/** A date `days` from now, ahead of today in every zone (reminders cannot be due in the past). */
const ahead = (days: number) => new Date(Date.now() + (days + 2) * 86_400_000).toISOString().slice(0, 10);

const byUid = (events: Event[]) => [...events].sort((a, b) => a.uid.localeCompare(b.uid));

describe.each(backends)('calendar feed on %s', (backend) => {
  let t: TestApp;
  let cookie: string;
  let other: string;
  let pen: string;
  let clover: string;

  const send = (
    path: string,
    body?: unknown,
    method = body ? 'POST' : 'GET',
    as: string | undefined = cookie,
  ) => t.request(path, { cookie: as, body, method });
  /** A calendar app: no cookie, no Origin. */
  const subscribe = (url: string, headers: Record<string, string> = {}) =>
    t.app.request(url.replace(new URL(url).origin, appUrl), { headers });
  const createFeed = async (as = cookie) => {
    const response = await send('/api/v1/calendar-feed', undefined, 'POST', as);
    expect(response.status).toBe(201);
    return (await response.json()) as CalendarFeedLink;
  };
  const remind = async (body: Record<string, unknown>, as = cookie) => {
    const response = await send('/api/v1/reminders', { type: 'general', ...body }, 'POST', as);
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as { id: string };
  };

  /** Someone with an account, invited with a role and accepting: their session is in the owner's farm. */
  const join = async (email: string, role: 'member' | 'sitter') => {
    const { cookie: theirs } = await t.signUpAndConfirm(email);
    expect((await send('/api/v1/farm/invitations', { email, role })).status).toBe(201);
    const token = /\/invite\/([A-Za-z0-9_-]{43})$/.exec(t.lastLinkTo(email))![1]!;
    expect((await send('/api/v1/invitations/accept', { token }, 'POST', theirs)).status).toBe(200);
    return theirs;
  };
  const stateOf = async (as: string) =>
    (await (await send('/api/v1/calendar-feed', undefined, 'GET', as)).json()) as unknown;
  const status = async (link: CalendarFeedLink) => (await subscribe(link.url)).status;
  const userIdOf = async (email: string) => {
    const list = (await (await send('/api/v1/farm/members')).json()) as {
      members: { userId: string; email: string }[];
    };
    return list.members.find((member) => member.email === email)!.userId;
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ cookie } = await t.signUpAndConfirm('calendar-owner@example.com'));
    ({ cookie: other } = await t.signUpAndConfirm('calendar-other@example.com'));
    expect(
      (
        await send(
          '/api/v1/farm/settings',
          { farmName: 'Hill; Farm, \\ of the Long Acre', timeZone: 'Pacific/Auckland' },
          'PATCH',
        )
      ).status,
    ).toBe(200);
    pen = (await (await send('/api/v1/groups', { name: 'Goat Pen' })).json()).id;
    clover = (await (await send('/api/v1/animals', { name: 'Clover', groupIds: [pen] })).json()).id;
    const otherPen = (await (await send('/api/v1/groups', { name: 'Other pen' }, 'POST', other)).json()).id;
    const otherGoat = (
      await (await send('/api/v1/animals', { name: 'Not yours', groupIds: [otherPen] }, 'POST', other)).json()
    ).id;
    await remind({ title: 'Secret of the other farm', dueDate: ahead(1), animalId: otherGoat }, other);
    await createFeed(other);
  });
  afterAll(() => t?.close());

  it('shows the address once, keeps only its hash, and needs a session to make or see it', async () => {
    expect(await (await send('/api/v1/calendar-feed')).json()).toEqual({ createdAt: null });
    const link = await createFeed();
    expect(link.url).toMatch(/^http:\/\/paddock\.test\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const state = (await (await send('/api/v1/calendar-feed')).json()) as { createdAt: string };
    expect(state).toEqual({ createdAt: link.createdAt });
    expect(JSON.stringify(state)).not.toContain(link.url.split('/').pop()!.slice(0, 10));

    const token = link.url.split('/calendar/')[1]!.replace('.ics', '');
    const stored = await queryRows<{ token_hash: string }>(t.db, sql`select token_hash from calendar_feeds`);
    expect(stored.map((row) => row.token_hash)).toContain(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);

    expect((await t.request('/api/v1/calendar-feed')).status).toBe(401);
    expect((await t.request('/api/v1/calendar-feed', { method: 'POST' })).status).toBe(401);
  });

  it('holds every active reminder as an all-day event, as two parsers read it, and nothing of another farm', async () => {
    const link = await createFeed();
    const long = await remind({
      title: 'Worm with Ivermectin; check FAMACHA, weigh — “every” kid in the pen before the sale ☀',
      dueDate: ahead(0),
      animalId: clover,
    });
    const group = await remind({ title: 'Trim hooves', dueDate: ahead(50), groupId: pen });
    const done = await remind({ title: 'Already done', dueDate: ahead(0), animalId: clover });
    const repeating = await remind({
      title: 'Clean water trough',
      dueDate: ahead(1),
      groupId: pen,
      repeatEvery: 1,
      repeatUnit: 'week',
      repeatFrom: 'due',
    });
    expect((await send(`/api/v1/reminders/${done.id}/complete`, undefined, 'POST')).status).toBe(200);
    expect((await send(`/api/v1/reminders/${repeating.id}/complete`, undefined, 'POST')).status).toBe(200);

    const response = await subscribe(link.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const body = await response.text();

    // RFC 5545 3.1: CRLF line endings, lines of at most 75 octets, continuation lines start with a space
    expect(body.endsWith('\r\n') || body.endsWith('END:VCALENDAR')).toBe(true);
    expect(body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of body.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(body).toContain('\r\n '); // the long title was folded

    const fromIcalJs = readWithIcalJs(body);
    // the name is TEXT (RFC 7986 5.1): escaped, as node-ical reads back; ical.js keeps X- values raw
    expect(fromIcalJs.name).toBe('Paddock · Hill\\; Farm\\, \\\\ of the Long Acre');
    const parsed = nodeIcal.sync.parseICS(body) as unknown as { vcalendar: { name: string } };
    expect(parsed.vcalendar.name).toBe('Paddock · Hill; Farm, \\ of the Long Acre');
    const fromNodeIcal = readWithNodeIcal(body);
    expect(byUid(fromNodeIcal)).toEqual(byUid(fromIcalJs.events));

    const events = fromIcalJs.events;
    // each event rings at 07:00 on its day in the farm's zone (issue 29): a display alarm that many
    // seconds after the day's start (RELATED=START: not after its end, the next day)
    const sevenAfterMidnight = (date: string) =>
      (firstInstantOf(date, '07:00', 'Pacific/Auckland')! -
        firstInstantOf(date, '00:00', 'Pacific/Auckland')!) /
      1000;
    expect(alarmsOf(body).map((event) => event.alarm)).toEqual(
      events.map((event) => `DISPLAY START ${sevenAfterMidnight(event.start)}`),
    );
    expect(events.map((event) => event.summary).sort()).toEqual(
      [
        'Clean water trough — Goat Pen', // the next occurrence, a week on
        'Trim hooves — Goat Pen',
        'Worm with Ivermectin; check FAMACHA, weigh — “every” kid in the pen before the sale ☀ — Clover',
      ].sort(),
    );
    const summary = (start: string) => events.find((event) => event.start === start)?.summary;
    expect(summary(ahead(0))).toContain('Worm with Ivermectin');
    expect(summary(ahead(50))).toBe('Trim hooves — Goat Pen');
    expect(summary(ahead(8))).toBe('Clean water trough — Goat Pen');
    const worming = events.find((event) => event.uid.startsWith(long.id))!;
    expect(worming.url).toBe(`${appUrl}/animal/${clover}`);
    expect(worming.description).toContain(`${appUrl}/animal/${clover}`);
    expect(events.find((event) => event.uid.startsWith(group.id))!.url).toBe(`${appUrl}/group/${pen}`);
    expect(body).not.toContain('Secret of the other farm');
    expect(body).not.toContain('Already done');

    // UIDs are stable: the same reminder is the same event on every fetch
    const again = readWithIcalJs(await (await subscribe(link.url)).text()).events;
    expect(byUid(again).map((event) => event.uid)).toEqual(byUid(events).map((event) => event.uid));
  });

  it('answers 304 to a revalidation while nothing changed, and 200 with a new ETag after a change', async () => {
    const link = await createFeed();
    const first = await subscribe(link.url);
    const etag = first.headers.get('etag')!;
    const lastModified = first.headers.get('last-modified')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    expect(Number(first.headers.get('cache-control')!.split('=')[1])).toBeLessThanOrEqual(3600);
    expect(Date.parse(lastModified)).not.toBeNaN();

    const same = await subscribe(link.url);
    expect(same.headers.get('etag')).toBe(etag);
    expect(same.headers.get('last-modified')).toBe(lastModified);
    const byTag = await subscribe(link.url, { 'if-none-match': etag });
    expect(byTag.status).toBe(304);
    expect(await byTag.text()).toBe('');
    expect(byTag.headers.get('etag')).toBe(etag);
    expect((await subscribe(link.url, { 'if-none-match': `"other", W/${etag}` })).status).toBe(304);
    expect((await subscribe(link.url, { 'if-modified-since': lastModified })).status).toBe(304);
    // If-None-Match wins over If-Modified-Since (RFC 9110 13.2.2)
    expect(
      (await subscribe(link.url, { 'if-none-match': '"stale"', 'if-modified-since': lastModified })).status,
    ).toBe(200);
    const before = new Date(Date.parse(lastModified) - 60_000).toUTCString();
    expect((await subscribe(link.url, { 'if-modified-since': before })).status).toBe(200);

    await new Promise((resolve) => setTimeout(resolve, 1100)); // Last-Modified counts seconds
    await remind({ title: 'Shear', dueDate: ahead(60), groupId: pen });
    const changed = await subscribe(link.url, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(Date.parse(changed.headers.get('last-modified')!)).toBeGreaterThan(Date.parse(lastModified));
    expect(await changed.text()).toContain('SUMMARY:Shear — Goat Pen');
    expect((await subscribe(link.url, { 'if-modified-since': lastModified })).status).toBe(200);
  });

  it('names each reminder once: an entry’s follow-up reads “Heartworm — Clover”, never the name twice', async () => {
    const link = await createFeed();
    const dose = await send('/api/v1/care-entries', {
      type: 'medical',
      animalIds: [clover],
      dateRecorded: '2026-01-15',
      medicationName: 'Heartworm',
      dosage: 2,
      dosageUnit: 'mL',
      nextDueDate: ahead(20),
    });
    expect(dose.status, await dose.clone().text()).toBe(201);
    const named = await remind({ title: 'Clover', dueDate: ahead(21), animalId: clover });
    const events = readWithIcalJs(await (await subscribe(link.url)).text()).events;
    const summaries = events.map((event) => event.summary);
    expect(summaries).toContain('Heartworm — Clover');
    expect(events.find((event) => event.uid.startsWith(named.id))!.summary).toBe('Clover');
    for (const event of events) {
      expect(event.summary).not.toMatch(/Clover.*Clover/);
      expect(event.description).not.toMatch(/Clover.*Clover/);
    }
  });

  it('stops answering when revoked or replaced, and answers 404 to any other token', async () => {
    const old = await createFeed();
    const replacement = await createFeed();
    expect((await subscribe(old.url)).status).toBe(404);
    expect((await subscribe(replacement.url)).status).toBe(200);
    expect((await send('/api/v1/calendar-feed', undefined, 'DELETE')).status).toBe(204);
    expect((await subscribe(replacement.url)).status).toBe(404);
    expect(await (await send('/api/v1/calendar-feed')).json()).toEqual({ createdAt: null });
    for (const path of ['nope.ics', `${'A'.repeat(43)}.ics`, `${'A'.repeat(43)}`, '..%2F.ics']) {
      const response = await t.app.request(`${appUrl}/api/v1/calendar/${path}`);
      expect(response.status).toBe(404);
      expect((await response.json()).error.code).toBe('NOT_FOUND');
    }
    // a session does not open another farm's feed, nor the farm's own without its token
    expect((await send(`/api/v1/calendar/${'B'.repeat(43)}.ics`, undefined, 'GET', other)).status).toBe(404);
  });

  // Issue 24: a Member who never made a feed was told the farm's was hers, and her 'New Link'
  // revoked the owner's address. Each person's feed is their own.
  it('gives each person of the farm their own address: another’s New Link and Revoke leave it serving', async () => {
    const ann = await join('calendar-ann@example.com', 'member');
    const ben = await join('calendar-ben@example.com', 'member');
    const owners = await createFeed();
    // a member who never made one sees the 'make one' state, though the owner has a feed
    expect(await stateOf(ann)).toEqual({ createdAt: null });

    const anns = await createFeed(ann);
    const bensFirst = await createFeed(ben);
    const bens = await createFeed(ben); // Ben's 'New Link' replaces only Ben's
    expect(await status(bensFirst)).toBe(404);
    expect(await status(bens)).toBe(200);
    expect(await status(anns)).toBe(200);
    expect(await status(owners)).toBe(200);
    expect(await stateOf(ann)).toEqual({ createdAt: anns.createdAt });
    expect(await stateOf(ben)).toEqual({ createdAt: bens.createdAt });
    expect(await stateOf(cookie)).toEqual({ createdAt: owners.createdAt });

    // the same farm's reminders in each, and each revalidates by its own ETag
    const annsBody = await (await subscribe(anns.url)).text();
    const ownersBody = await (await subscribe(owners.url)).text();
    expect(annsBody).toContain('Trim hooves — Goat Pen');
    expect(annsBody).toBe(ownersBody);
    for (const link of [anns, owners]) {
      const etag = (await subscribe(link.url)).headers.get('etag')!;
      expect((await subscribe(link.url, { 'if-none-match': etag })).status).toBe(304);
    }

    // Ben's 'Revoke' ends Ben's address only
    expect((await send('/api/v1/calendar-feed', undefined, 'DELETE', ben)).status).toBe(204);
    expect(await status(bens)).toBe(404);
    expect(await status(anns)).toBe(200);
    expect(await status(owners)).toBe(200);
    expect(await stateOf(ben)).toEqual({ createdAt: null });
    expect(await stateOf(ann)).toEqual({ createdAt: anns.createdAt });
    expect(await stateOf(cookie)).toEqual({ createdAt: owners.createdAt });
  });

  it('ends a removed member’s feed and a past farm sitter’s at once, and no one else’s', async () => {
    const owners = await createFeed();
    const cal = await join('calendar-cal@example.com', 'member');
    const dee = await join('calendar-dee@example.com', 'member');
    const cals = await createFeed(cal);
    const dees = await createFeed(dee);

    expect(
      (await send(`/api/v1/farm/members/${await userIdOf('calendar-cal@example.com')}`, undefined, 'DELETE'))
        .status,
    ).toBe(204);
    expect(await status(cals)).toBe(404);
    expect(await status(dees)).toBe(200);
    expect(await status(owners)).toBe(200);

    // Dee becomes a farm sitter until a day: the feed works until that day has passed
    const deeId = await userIdOf('calendar-dee@example.com');
    const until = `${new Date().getUTCFullYear() + 1}-01-01`;
    expect(
      (await send(`/api/v1/farm/members/${deeId}`, { role: 'sitter', accessUntil: until }, 'PATCH')).status,
    ).toBe(204);
    expect(await status(dees)).toBe(200);
    // a farm sitter has a feed of their own too: made while they keep the farm
    const deesNew = await createFeed(dee);
    expect(await status(deesNew)).toBe(200);
    expect(await status(dees)).toBe(404);
    await t.db.execute(sql`update farm_members set access_until = current_date - 2 where user_id = ${deeId}`);
    expect(await status(deesNew)).toBe(404);
    expect(await status(owners)).toBe(200);
  });

  it('lets another farm neither see nor end this farm’s feeds', async () => {
    const owners = await createFeed();
    const others = (await (await send('/api/v1/calendar-feed', undefined, 'GET', other)).json()) as {
      createdAt: string | null;
    };
    expect(others.createdAt).not.toBe(owners.createdAt);
    expect((await send('/api/v1/calendar-feed', undefined, 'DELETE', other)).status).toBe(204);
    expect(await status(owners)).toBe(200);
    expect(await stateOf(other)).toEqual({ createdAt: null });
    expect(await stateOf(cookie)).toEqual({ createdAt: owners.createdAt });
  });

  // Issue 29: a reminder with a time of day is a timed event in the farm's zone; the rest ring at
  // the feed's person's morning time
  it('writes a reminder with a time as a 30-minute event at that time in the farm’s zone (TZID, VTIMEZONE), ringing at its start', async () => {
    const link = await createFeed();
    const day = ahead(5);
    const dose = await remind({ title: 'Penicillin', dueDate: day, dueTime: '18:00', animalId: clover });
    const second = await remind({
      title: 'Check bandage',
      dueDate: ahead(6),
      dueTime: '06:15',
      animalId: clover,
    });
    const body = await (await subscribe(link.url)).text();

    expect(body).toContain(`DTSTART;TZID=Pacific/Auckland:${compact(day)}T180000\r\n`);
    expect(body).toContain(`DTEND;TZID=Pacific/Auckland:${compact(day)}T183000\r\n`);
    expect(body).toContain(`DTSTART;TZID=Pacific/Auckland:${compact(ahead(6))}T061500\r\n`);
    // one VTIMEZONE of the zone, before the events, with its daylight-saving rules
    expect(body.match(/BEGIN:VTIMEZONE\r\nTZID:Pacific\/Auckland\r\n/g)).toHaveLength(1);
    expect(body.indexOf('BEGIN:VTIMEZONE')).toBeLessThan(body.indexOf('BEGIN:VEVENT'));
    expect(body).toMatch(/BEGIN:DAYLIGHT[\s\S]*TZOFFSETTO:\+1300[\s\S]*END:DAYLIGHT/);
    // stamps stay UTC
    for (const stamp of body.match(/^DTSTAMP:.*$/gm)!) expect(stamp).toMatch(/^DTSTAMP:\d{8}T\d{6}Z\r?$/);

    const calendar = new ICAL.Component(ICAL.parse(body) as unknown[]);
    for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    const event = new ICAL.Event(
      calendar
        .getAllSubcomponents('vevent')
        .find((vevent) => String(vevent.getFirstPropertyValue('uid')).startsWith(dose.id)),
    );
    expect(event.startDate.isDate).toBe(false);
    expect(event.startDate.zone.tzid).toBe('Pacific/Auckland');
    const sixPm = firstInstantOf(day, '18:00', 'Pacific/Auckland')!;
    expect(event.startDate.toJSDate().getTime()).toBe(sixPm);
    expect(event.endDate.toJSDate().getTime()).toBe(sixPm + 30 * 60_000);
    const fromNodeIcal = Object.values(nodeIcal.sync.parseICS(body)).find(
      (item) => item?.type === 'VEVENT' && item.uid.startsWith(dose.id),
    ) as unknown as { start: Date; end: Date };
    expect(fromNodeIcal.start.getTime()).toBe(sixPm);
    expect(fromNodeIcal.end.getTime()).toBe(sixPm + 30 * 60_000);

    const alarms = alarmsOf(body);
    expect(alarms.find((item) => item.summary === 'Penicillin — Clover')!.alarm).toBe('DISPLAY START 0');
    expect(alarms.find((item) => item.summary === 'Check bandage — Clover')!.alarm).toBe('DISPLAY START 0');

    // back to all day: the event is all-day again
    expect((await send(`/api/v1/reminders/${second.id}`, { dueTime: null }, 'PATCH')).status).toBe(200);
    const after = await (await subscribe(link.url)).text();
    expect(after).toContain(`DTSTART;VALUE=DATE:${compact(ahead(6))}\r\n`);
    expect(after).not.toContain(`${compact(ahead(6))}T061500`);
  });

  it('rings an all-day reminder at the feed’s maker’s own morning time (farm_members.notify_at), 07:00 by default', async () => {
    const owners = await createFeed();
    const eve = await join('calendar-eve@example.com', 'member');
    const eves = await createFeed(eve);
    // January: no daylight-saving change in Auckland that day
    const day = `${new Date().getUTCFullYear() + 1}-01-20`;
    await remind({ title: 'Shear the ewes', dueDate: day, groupId: pen });
    const ownerId = await userIdOf('calendar-owner@example.com');
    await t.db.execute(sql`update farm_members set notify_at = '05:45' where user_id = ${ownerId}`);

    const alarmOf = async (link: CalendarFeedLink) =>
      alarmsOf(await (await subscribe(link.url)).text()).find(
        (item) => item.summary === 'Shear the ewes — Goat Pen',
      )!.alarm;
    expect(await alarmOf(owners)).toBe(`DISPLAY START ${5 * 3600 + 45 * 60}`);
    expect(await alarmOf(eves)).toBe(`DISPLAY START ${7 * 3600}`);
    expect(await (await subscribe(owners.url)).text()).toContain('TRIGGER;RELATED=START:PT5H45M');

    // a changed morning time is a changed feed: a new ETag
    const etag = (await subscribe(owners.url)).headers.get('etag')!;
    await t.db.execute(sql`update farm_members set notify_at = '07:00' where user_id = ${ownerId}`);
    expect((await subscribe(owners.url, { 'if-none-match': etag })).status).toBe(200);
    expect(await alarmOf(owners)).toBe(`DISPLAY START ${7 * 3600}`);
  });

  it('writes times on daylight-saving days in local wall time with the TZID, the VTIMEZONE covering them (America/New_York)', async () => {
    const { cookie: dst } = await t.signUpAndConfirm('calendar-dst@example.com');
    expect(
      (
        await send(
          '/api/v1/farm/settings',
          { farmName: 'Eastern Farm', timeZone: 'America/New_York' },
          'PATCH',
          dst,
        )
      ).status,
    ).toBe(200);
    const barn = (await (await send('/api/v1/groups', { name: 'Barn' }, 'POST', dst)).json()).id;
    const cow = (
      await (await send('/api/v1/animals', { name: 'Daisy', groupIds: [barn] }, 'POST', dst)).json()
    ).id;
    const year = new Date().getUTCFullYear() + 1;
    const springForward = nthSunday(year, 3, 2); // 02:00 → 03:00: 02:30 does not happen
    const fallBack = nthSunday(year, 11, 1); // 02:00 → 01:00: 01:30 happens twice
    const skipped = await remind(
      { title: 'Skipped hour', dueDate: springForward, dueTime: '02:30', animalId: cow },
      dst,
    );
    const twice = await remind(
      { title: 'Twice hour', dueDate: fallBack, dueTime: '01:30', animalId: cow },
      dst,
    );
    await remind({ title: 'Spring day', dueDate: springForward, animalId: cow }, dst);
    await remind({ title: 'Autumn day', dueDate: fallBack, animalId: cow }, dst);
    const link = await createFeed(dst);
    const body = await (await subscribe(link.url)).text();

    // the wall time as chosen, with the zone: never moved to UTC or to another hour
    expect(body).toContain(`DTSTART;TZID=America/New_York:${compact(springForward)}T023000\r\n`);
    expect(body).toContain(`DTSTART;TZID=America/New_York:${compact(fallBack)}T013000\r\n`);
    // the VTIMEZONE's rules: second Sunday of March and first of November at 02:00
    expect(body.match(/BEGIN:VTIMEZONE\r\nTZID:America\/New_York\r\n/g)).toHaveLength(1);
    expect(body).toMatch(
      /BEGIN:DAYLIGHT\r\n(?:.*\r\n)*?TZOFFSETFROM:-0500\r\nTZOFFSETTO:-0400\r\nDTSTART:\d{8}T020000\r\nRRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU\r\n/,
    );
    expect(body).toMatch(
      /BEGIN:STANDARD\r\n(?:.*\r\n)*?TZOFFSETFROM:-0400\r\nTZOFFSETTO:-0500\r\nDTSTART:\d{8}T020000\r\nRRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU\r\n/,
    );

    // read as RFC 5545 3.3.5 says: the skipped 02:30 is 03:30 EDT; the event still lasts until after it
    const byUidStart = (id: string) =>
      Object.values(nodeIcal.sync.parseICS(body)).find(
        (item) => item?.type === 'VEVENT' && item.uid.startsWith(id),
      ) as unknown as { start: Date; end: Date };
    const spring = byUidStart(skipped.id);
    expect(spring.start.toISOString()).toBe(`${springForward}T07:30:00.000Z`);
    expect(spring.end.getTime() - spring.start.getTime()).toBe(30 * 60_000);
    const autumn = byUidStart(twice.id);
    expect(autumn.end.getTime()).toBeGreaterThan(autumn.start.getTime());
    // ical.js, which reads the gap and the repeated hour its own way, still ends each after it starts
    const calendar = new ICAL.Component(ICAL.parse(body) as unknown[]);
    for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    for (const vevent of calendar.getAllSubcomponents('vevent')) {
      const event = new ICAL.Event(vevent);
      expect(event.endDate.compare(event.startDate)).toBe(1);
    }

    // the all-day ones ring at 07:00 local: 6 hours after midnight in spring, 8 in autumn
    const alarms = alarmsOf(body);
    expect(alarms.find((item) => item.summary === 'Spring day — Daisy')!.alarm).toBe(
      `DISPLAY START ${6 * 3600}`,
    );
    expect(alarms.find((item) => item.summary === 'Autumn day — Daisy')!.alarm).toBe(
      `DISPLAY START ${8 * 3600}`,
    );
    expect(alarms.find((item) => item.summary === 'Skipped hour — Daisy')!.alarm).toBe('DISPLAY START 0');
  });
});
