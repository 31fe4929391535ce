// The four places of the app and which one a path belongs to.
export type Section = 'my-herd' | 'my-animals' | 'reminders' | 'account';

export const sections: { id: Section; label: string; to: string }[] = [
  { id: 'my-herd', label: 'My Herd', to: '/home' },
  { id: 'my-animals', label: 'My Animals', to: '/my-animals' },
  { id: 'reminders', label: 'Reminders', to: '/reminders' },
  { id: 'account', label: 'Account', to: '/account' },
];

/** Group pages belong to My Herd, animal pages to My Animals. */
export function sectionOf(pathname: string): Section | undefined {
  if (pathname === '/home' || pathname.startsWith('/group/') || pathname === '/add-group') return 'my-herd';
  if (pathname === '/my-animals' || pathname.startsWith('/animal/') || pathname === '/add-animal') {
    return 'my-animals';
  }
  if (pathname === '/reminders' || pathname.startsWith('/reminders/')) return 'reminders';
  if (pathname === '/account') return 'account';
  return undefined;
}

export const sidebarCookie = 'sidebar_state';
export const sidebarCookieMaxAge = 60 * 60 * 24 * 7;

export function readSidebarOpen(cookie: string): boolean {
  const match = /(?:^|;\s*)sidebar_state=(true|false)/.exec(cookie);
  return match ? match[1] === 'true' : true;
}
