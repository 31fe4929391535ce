import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from '../../../../test/support/test-app';

describe.each(backends)('profile API on %s', (backend) => {
  let t: TestApp;
  let alice: { cookie: string; email: string };
  let bob: { cookie: string; email: string };

  beforeAll(async () => {
    t = await createTestApp(backend);
    alice = await t.signUpAndConfirm('alice@example.com');
    bob = await t.signUpAndConfirm('bob@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('starts with the sign-up email, lbs for weights and milk, not organic, and no farm name', async () => {
    const response = await t.request('/api/v1/profile', { cookie: alice.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      farmName: null,
      ownerName: null,
      email: 'alice@example.com',
      phone: null,
      location: null,
      timeZone: 'UTC',
      weightUnit: 'lbs',
      milkUnit: 'lbs',
      organic: false,
      currency: 'USD',
      demoUntil: null,
    });
  });

  it('updates fields, trims text, stores blanks as null, and leaves absent fields alone', async () => {
    const farm = await t.request('/api/v1/farm/settings', {
      method: 'PATCH',
      cookie: alice.cookie,
      body: { farmName: '  Willow Creek  ', timeZone: 'America/Denver', weightUnit: 'kg', milkUnit: 'L' },
    });
    expect(farm.status).toBe(200);
    expect(await farm.json()).toMatchObject({ farmName: 'Willow Creek', timeZone: 'America/Denver' });
    const response = await t.request('/api/v1/profile', {
      method: 'PATCH',
      cookie: alice.cookie,
      body: { ownerName: 'Alice Moreau', phone: '+1 (555) 010-2030', location: '' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      farmName: 'Willow Creek',
      ownerName: 'Alice Moreau',
      email: 'alice@example.com',
      phone: '+1 (555) 010-2030',
      location: null,
      timeZone: 'America/Denver',
      weightUnit: 'kg',
      milkUnit: 'L',
      organic: false,
      currency: 'USD',
      demoUntil: null,
    });
    const again = await t.request('/api/v1/profile', {
      method: 'PATCH',
      cookie: alice.cookie,
      body: { location: 'Vermont' },
    });
    expect(await again.json()).toMatchObject({
      farmName: 'Willow Creek',
      location: 'Vermont',
      weightUnit: 'kg',
      milkUnit: 'L',
    });
  });

  it('answers 422 with field errors, and writes nothing', async () => {
    const response = await t.request('/api/v1/profile', {
      method: 'PATCH',
      cookie: alice.cookie,
      body: { ownerName: 'Changed', email: 'not-an-email', phone: 'call me' },
    });
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.error.fields).sort()).toEqual(['email', 'phone']);
    const farm = await t.request('/api/v1/farm/settings', {
      method: 'PATCH',
      cookie: alice.cookie,
      body: { farmName: 'Changed', weightUnit: 'stone', milkUnit: 'pint', timeZone: 'Mars/Olympus' },
    });
    expect(farm.status).toBe(422);
    const fields = (await farm.json()).error.fields;
    expect(Object.keys(fields).sort()).toEqual(['milkUnit', 'timeZone', 'weightUnit']);
    expect(fields.milkUnit).toEqual(['Choose lbs, kg, L or gal']);
    const unchanged = await (await t.request('/api/v1/profile', { cookie: alice.cookie })).json();
    expect(unchanged).toMatchObject({ farmName: 'Willow Creek', ownerName: 'Alice Moreau', milkUnit: 'L' });
  });

  it("keeps the person's fields and the farm's apart: each route refuses the other's", async () => {
    const onProfile = await t.request('/api/v1/profile', {
      method: 'PATCH',
      cookie: alice.cookie,
      body: { farmName: 'Sneaky', ownerName: 'Alice' },
    });
    expect(onProfile.status).toBe(422);
    expect(JSON.stringify((await onProfile.json()).error.fields)).toContain('farmName');
    const onFarm = await t.request('/api/v1/farm/settings', {
      method: 'PATCH',
      cookie: alice.cookie,
      body: { ownerName: 'Sneaky' },
    });
    expect(onFarm.status).toBe(422);
    expect(await (await t.request('/api/v1/profile', { cookie: alice.cookie })).json()).toMatchObject({
      farmName: 'Willow Creek',
      ownerName: 'Alice Moreau',
    });
  });

  it('refuses unknown fields, wrong types, too-long text, malformed JSON and oversized bodies with 4xx', async () => {
    const patch = (body: unknown, headers?: Record<string, string>) =>
      t.request('/api/v1/profile', { method: 'PATCH', cookie: alice.cookie, body, headers });
    expect((await patch({ farmId: 'x' })).status).toBe(422);
    expect((await patch({ ownerName: 42 })).status).toBe(422);
    expect((await patch({ ownerName: 'x'.repeat(101) })).status).toBe(422);
    expect((await patch([1, 2])).status).toBe(422);
    const malformed = await patch('{"ownerName": ');
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error.code).toBe('BAD_REQUEST');
    const huge = await patch({ ownerName: 'x'.repeat(100_000) });
    expect(huge.status).toBe(413);
    expect((await huge.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('needs a session', async () => {
    const response = await t.request('/api/v1/profile');
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe('UNAUTHORIZED');
    expect((await t.request('/api/v1/profile', { method: 'PATCH', body: { ownerName: 'x' } })).status).toBe(
      401,
    );
    expect(
      (await t.request('/api/v1/farm/settings', { method: 'PATCH', body: { farmName: 'x' } })).status,
    ).toBe(401);
  });

  it('refuses a state-changing request from another origin, even with a valid session', async () => {
    const response = await t.request('/api/v1/profile', {
      method: 'PATCH',
      cookie: alice.cookie,
      body: { farmName: 'Hijacked' },
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
    expect((await response.json()).error.code).toBe('INVALID_ORIGIN');
  });

  it("keeps each farm's profile private: Bob reads and changes only his own", async () => {
    const before = await (await t.request('/api/v1/profile', { cookie: alice.cookie })).json();
    const bobsView = await (await t.request('/api/v1/profile', { cookie: bob.cookie })).json();
    expect(bobsView.email).toBe('bob@example.com');
    expect(bobsView.farmName).toBeNull();
    const bobs = await t.request('/api/v1/farm/settings', {
      method: 'PATCH',
      cookie: bob.cookie,
      body: { farmName: 'Bob Acres' },
    });
    expect(await bobs.json()).toMatchObject({ farmName: 'Bob Acres', email: 'bob@example.com' });
    const after = await (await t.request('/api/v1/profile', { cookie: alice.cookie })).json();
    expect(after).toEqual(before);
  });

  it('sends security headers: the short API set on /api, the full page set elsewhere', async () => {
    const api = await t.request('/api/v1/profile', { cookie: alice.cookie });
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    expect(api.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers.get('x-frame-options')).toBe('DENY');
    expect(api.headers.get('referrer-policy')).toBe('no-referrer');
    const page = await t.request('/some/page');
    const policy = page.headers.get('content-security-policy') ?? '';
    for (const directive of [
      "script-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ]) {
      expect(policy).toContain(directive);
    }
    expect(policy).not.toContain('unsafe-inline');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await t.request('/api/v1/nothing-here', { cookie: alice.cookie });
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe('NOT_FOUND');
  });

  it('describes the API in an OpenAPI document', async () => {
    const response = await t.request('/api/v1/openapi.json');
    expect(response.status).toBe(200);
    const document = await response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toContain('/profile');
    expect(
      document.paths['/profile'].patch.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('ownerName');
    expect(
      document.paths['/farm/settings'].patch.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('milkUnit');
  });
});
