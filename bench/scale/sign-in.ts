// Signing in as the bench's first user (bench-0), in an app answering in this process: what
// bench/explain.ts and bench/scale/capture.ts both do before asking for a page.
import type { Query } from './harness';

/** What an in-process app (Hono's `request`) needs to be asked. */
type Requester = { request: (url: string, init?: RequestInit) => Response | Promise<Response> };

/**
 * Forgets the sign-ins of the runs before (the sign-in limit would answer 429), signs in as
 * bench-0, and answers the session's cookie header and bench-0's farm.
 */
export async function signInBench(app: Requester, appUrl: string, query: Query) {
  await query('delete from rate_limit');
  const signIn = await app.request(`${appUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: appUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench-0@example.com', password: 'benchmark password' }),
  });
  if (!signIn.ok) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const [{ farm_id: farmId } = { farm_id: '' }] = await query<{ farm_id: string }>(
    `select p.farm_id from profiles p join "user" u on u.id = p.user_id where u.email = 'bench-0@example.com'`,
  );
  return { cookie, farmId };
}
