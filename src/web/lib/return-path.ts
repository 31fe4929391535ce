// Where to go after signing in: the page the user was sent away from (a deep link, a bookmark),
// carried as /auth?next=…; only a path of this app, never another site ('//evil.test', '/\evil').

/** The /auth address that brings the user back to `path` (a pathname with its search) after signing in. */
export function signInPath(path: string): string {
  return path && path !== '/' && path !== '/home' ? `/auth?next=${encodeURIComponent(path)}` : '/auth';
}

/** `next` when it is a path of this app, else /home. */
export function returnPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/home';
  const unsafe = [...next].some((char) => char < ' ' || char === '\\');
  if (unsafe || next.startsWith('/auth')) return '/home';
  return next;
}
