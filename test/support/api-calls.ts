// Test support: the calls most API tests make through a TestApp — a request as someone, its body
// read after checking its status, and a person joining a farm through an emailed invitation.
import { expect } from 'vitest';
import type { TestApp } from './test-app';

/** `app` gives the test's app once its beforeAll has made it. */
export function apiCalls(app: () => TestApp) {
  const call = (cookie: string, method: string, path: string, body?: unknown) =>
    app().request(path, { cookie, method, body });

  /** The body of `response` (null when empty), after checking its status. */
  const ok = async <T = Record<string, unknown>>(response: Response, status = 200): Promise<T> => {
    const text = await response.text();
    expect(response.status, text).toBe(status);
    return (text ? JSON.parse(text) : null) as T;
  };

  /** Someone new joins the farm of `owner` with `role` through the emailed link, signing up: their cookie. */
  async function joinBySignUp(
    owner: string,
    person: { email: string; name: string; password: string },
    role: 'member' | 'sitter',
  ): Promise<string> {
    const t = app();
    await ok(await call(owner, 'POST', '/api/v1/farm/invitations', { email: person.email, role }), 201);
    const token = /\/invite\/([A-Za-z0-9_-]{43})$/.exec(t.lastLinkTo(person.email))![1]!;
    const signUp = await t.request(`/api/public/invitations/${token}/sign-up`, {
      body: { name: person.name, password: person.password },
    });
    expect(signUp.status, await signUp.clone().text()).toBe(201);
    const { email, password } = person;
    return t.cookieFrom(await t.request('/api/auth/sign-in/email', { body: { email, password } }));
  }

  return { call, ok, joinBySignUp };
}
