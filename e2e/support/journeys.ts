// Steps several journeys share, done through the UI as a person would.
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { browserTimeZone, openPage, phone } from './browser';
import type { FarmApi } from './care';
import { expectPath, expectVisible } from './checks';
import type { ReceivedEmail } from './mail';
import type { Stack } from './stack';

export const password = 'correct horse battery';

/** A fresh address per run, so that reruns against the same database never collide. */
export const newEmail = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.com`;

/** The confirmation email: the subject, and the link it carries to /api/auth/verify-email. */
export function confirmationLink(stack: Stack, email: ReceivedEmail): string {
  expect(email.subject).toBe('Confirm your Paddock account');
  expect(email.link, `no link in the email:\n${email.text}`).toBeDefined();
  const link = new URL(email.link!);
  expect(link.origin).toBe(stack.baseUrl);
  expect(link.pathname).toBe('/api/auth/verify-email');
  expect(link.searchParams.get('token')).toBeTruthy();
  return link.toString();
}

/**
 * Creates an account and confirms it with the link from the email: ends signed in on /home. The
 * form's own request (auth.e2e.ts walks the form itself): a journey about something else need not
 * load the sign-in page first.
 */
export async function signUpAndConfirm(page: Page, stack: Stack, email: string, secret = password) {
  const signUp = await page.request.post(`${stack.baseUrl}/api/auth/sign-up/email`, {
    headers: { Origin: stack.baseUrl },
    data: { email, password: secret, name: '', callbackURL: '/auth?confirmed=1', timeZone: browserTimeZone },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const link = confirmationLink(stack, await stack.waitForEmail(email));
  await page.goto(link);
  await expectPath(page, '/home');
}

/** Signs in on /auth and waits for /home. */
export async function signIn(page: Page, stack: Stack, email: string, secret = password) {
  await page.goto(`${stack.baseUrl}/auth`);
  await expectVisible(page.getByRole('heading', { name: 'Sign In', exact: true }));
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(secret);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectPath(page, '/home');
}

/**
 * The owner invites `email` with `role`; the invitee signs up through the link in the email (the
 * API the invitation page calls), in a context of their own on a phone, whose cookie the answer
 * sets: they end signed in, in the owner's farm. Close the context when done.
 */
export async function joinByInvitation(
  browser: Browser,
  stack: Stack,
  owner: FarmApi,
  invitee: { email: string; role: 'member' | 'sitter'; name: string },
) {
  await owner.post('/api/v1/farm/invitations', { email: invitee.email, role: invitee.role });
  const email = await stack.waitForEmail(invitee.email);
  const token = new RegExp(`${stack.baseUrl}/invite/([A-Za-z0-9_-]{43})\\b`).exec(email.text)?.[1];
  expect(token, `no invitation link in the email:\n${email.text}`).toBeDefined();
  const { context, page } = await openPage(browser, { viewport: phone });
  const signUp = await page.request.post(`${stack.baseUrl}/api/public/invitations/${token}/sign-up`, {
    headers: { Origin: stack.baseUrl },
    data: { name: invitee.name, password },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  return { context, page };
}
