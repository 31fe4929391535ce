// Issue 7's input defects, over HTTP: control characters and broken symbols in any text field,
// dates and numbers out of range, paging offsets. Each answers a 422 naming the field; an accepted
// value reads back exactly as sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from '../../../test/support/test-app';

describe.each(backends)('input rules on %s', (backend) => {
  let t: TestApp;
  let cookie: string;
  let groupId: string;
  let animalId: string;
  let entryId: string;
  let reminderId: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ cookie } = await t.signUpAndConfirm());
    groupId = (await (await t.request('/api/v1/groups', { cookie, body: { name: 'Goats' } })).json()).id;
    animalId = (
      await (
        await t.request('/api/v1/animals', { cookie, body: { name: 'Daisy', groupIds: [groupId] } })
      ).json()
    ).id;
    const entries = await t.request('/api/v1/care-entries', {
      cookie,
      body: {
        type: 'note',
        animalIds: [animalId],
        dateRecorded: '2026-03-01',
        title: 'Hoof',
        noteContent: 'Fine',
      },
    });
    entryId = (await entries.json()).entries?.[0]?.id ?? '';
    const reminder = await t.request('/api/v1/reminders', {
      cookie,
      body: { title: 'Feed', type: 'feeding', dueDate: `${new Date().getUTCFullYear() + 1}-01-01`, animalId },
    });
    reminderId = (await reminder.json()).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (method: string, path: string, body: unknown) => t.request(path, { method, cookie, body });

  async function expectRefused(response: Response, field: string) {
    expect(response.status, `${field}: ${await response.clone().text()}`).toBe(422);
    const { error } = (await response.json()) as {
      error: { code: string; fields: Record<string, string[]> };
    };
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(error.fields)).toContain(field);
  }

  const hostile = ['a\u0000b', 'a\u0007b', 'a\u001bb', 'a\u007fb', 'a\u0085b', 'a\ud800b', 'a\udc00b'];

  it('refuses control characters and lone surrogates in every free-text field with a 422 naming it', async () => {
    const cases: [string, string, (text: string) => unknown, string][] = [
      ['POST', '/api/v1/species', (text) => ({ name: text }), 'name'],
      ['POST', '/api/v1/groups', (text) => ({ name: text }), 'name'],
      ['POST', '/api/v1/groups', (text) => ({ name: 'Sheep', description: text }), 'description'],
      ['POST', '/api/v1/animals', (text) => ({ name: text, groupIds: [groupId] }), 'name'],
      ['POST', '/api/v1/animals', (text) => ({ name: 'Bo', breed: text, groupIds: [groupId] }), 'breed'],
      ['PATCH', `/api/v1/animals/${animalId}`, (text) => ({ tagId: text }), 'tagId'],
      ['PATCH', `/api/v1/groups/${groupId}`, (text) => ({ name: text }), 'name'],
      [
        'POST',
        '/api/v1/care-entries',
        (text) => ({
          type: 'note',
          animalIds: [animalId],
          dateRecorded: '2026-03-01',
          title: 'T',
          noteContent: text,
        }),
        'noteContent',
      ],
      [
        'POST',
        '/api/v1/care-entries',
        (text) => ({
          type: 'medical',
          animalIds: [animalId],
          dateRecorded: '2026-03-01',
          medicationName: text,
          dosage: 1,
          dosageUnit: 'mL',
        }),
        'medicationName',
      ],
      [
        'POST',
        '/api/v1/reminders',
        (text) => ({
          title: text,
          type: 'general',
          dueDate: `${new Date().getUTCFullYear() + 1}-01-01`,
          animalId,
        }),
        'title',
      ],
      ['PATCH', '/api/v1/farm/settings', (text) => ({ farmName: text }), 'farmName'],
      ['PATCH', '/api/v1/profile', (text) => ({ location: text }), 'location'],
    ];
    if (entryId)
      cases.push(['PATCH', `/api/v1/care-entries/${entryId}`, (text) => ({ title: text }), 'title']);
    for (const [method, path, body, field] of cases) {
      for (const text of hostile) await expectRefused(await send(method, path, body(text)), field);
    }
    // nothing was written by any of them
    const groups = (await (await t.request('/api/v1/groups', { cookie })).json()) as { name: string }[];
    expect(groups.map((group) => group.name)).toEqual(['Goats']);
  });

  it('keeps tabs, newlines and whole emoji', async () => {
    const noteContent = 'Line one\n\tindented 🐐 and ünïcode';
    const response = await send('POST', '/api/v1/care-entries', {
      type: 'note',
      animalIds: [animalId],
      dateRecorded: '2026-03-02',
      title: 'Kidding 🐐',
      noteContent,
    });
    expect(response.status).toBe(201);
    const history = await (await t.request(`/api/v1/animals/${animalId}/care-entries`, { cookie })).json();
    expect(history.items.some((item: { noteContent: string }) => item.noteContent === noteContent)).toBe(
      true,
    );
  });

  it('refuses dates outside 1900-01-01..2099-12-31, impossible days and birth dates in the future', async () => {
    for (const birthDate of ['0000-01-01', '1899-12-31', '2026-02-30', '9999-12-31', '3000-01-01']) {
      await expectRefused(await send('PATCH', `/api/v1/animals/${animalId}`, { birthDate }), 'birthDate');
    }
    for (const dateRecorded of ['0000-01-01', '1899-12-31', '2100-01-01', '+02026-01-01']) {
      await expectRefused(
        await send('POST', '/api/v1/care-entries', {
          type: 'note',
          animalIds: [animalId],
          dateRecorded,
          title: 'T',
          noteContent: 'N',
        }),
        'dateRecorded',
      );
    }
    await expectRefused(
      await send('POST', '/api/v1/reminders', {
        title: 'Far',
        type: 'general',
        dueDate: '2100-01-01',
        animalId,
      }),
      'dueDate',
    );
    const ok = await send('PATCH', `/api/v1/animals/${animalId}`, { birthDate: '1900-01-01' });
    expect(ok.status).toBe(200);
    expect((await ok.json()).birthDate).toBe('1900-01-01');
  });

  it('refuses weights and dosages the database cannot hold exactly, and reads accepted ones back unchanged', async () => {
    for (const weight of [0.001, 5e-324, 99999.999, 1e308, -1, 0, 100000.01]) {
      await expectRefused(await send('PATCH', `/api/v1/animals/${animalId}`, { weight }), 'weight');
    }
    for (const dosage of [0.0001, 5e-324, 99999.9999, 1e308, 0]) {
      await expectRefused(
        await send('POST', '/api/v1/care-entries', {
          type: 'medical',
          animalIds: [animalId],
          dateRecorded: '2026-03-01',
          medicationName: 'Ivermectin',
          dosage,
          dosageUnit: 'mL',
        }),
        'dosage',
      );
    }
    for (const weight of [0.01, 0.07, 99999.99, 100000, 12.3]) {
      const response = await send('PATCH', `/api/v1/animals/${animalId}`, { weight });
      expect(response.status).toBe(200);
      expect((await response.json()).weight).toBe(weight);
    }
    for (const dosage of [0.001, 99999.999, 2.5]) {
      const response = await send('POST', '/api/v1/care-entries', {
        type: 'medical',
        animalIds: [animalId],
        dateRecorded: '2026-03-01',
        medicationName: 'Ivermectin',
        dosage,
        dosageUnit: 'mL',
      });
      expect(response.status).toBe(201);
      const history = await (await t.request(`/api/v1/animals/${animalId}/care-entries`, { cookie })).json();
      expect(history.items.map((item: { dosage: number | null }) => item.dosage)).toContain(dosage);
    }
  });

  it('refuses paging offsets that are not a whole number from 0 to 1000000', async () => {
    for (const offset of ['1e308', '12345678901234567890', '-1', '1.5', '1000001', 'abc', '0x10']) {
      for (const path of [
        `/api/v1/animals/${animalId}/care-entries`,
        `/api/v1/groups/${groupId}/care-log`,
        '/api/v1/reminders',
      ]) {
        await expectRefused(
          await t.request(`${path}?offset=${encodeURIComponent(offset)}`, { cookie }),
          'offset',
        );
      }
    }
    expect((await t.request('/api/v1/reminders?offset=1000000', { cookie })).status).toBe(200);
    expect(reminderId).toBeTruthy();
  });
});
