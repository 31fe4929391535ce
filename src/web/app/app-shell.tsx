// The signed-in layout: a collapsible sidebar on desktop, a header and a bottom tab bar on phones,
// and the page title. Content is at most 480 px wide below 1024 px (the phone layout); from 1024 px
// it uses the width (a form stays a readable column): decision 0016.
import { useQuery } from '@tanstack/react-query';
import { Bell, House, PanelLeft, PawPrint, ScanBarcode, UserRound, type LucideIcon } from 'lucide-react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { profileQuery } from '../lib/profile';
import { forgetReads } from '../lib/query-client';
import { signOut } from '../lib/session';
import { FarmSwitcher } from './farm-switcher';
import { PageHeadingContext } from './page-heading';
import { OfflineIndicator, SyncBanners } from './sync-status';
import {
  readSidebarOpen,
  sectionOf,
  sections,
  sidebarCookie,
  sidebarCookieMaxAge,
  type Section,
} from './navigation';

const icons: Record<Section, LucideIcon> = {
  'my-herd': House,
  'my-animals': PawPrint,
  reminders: Bell,
  account: UserRound,
};

/** The given title, else the farm's name, else 'Your Farm'. */
function usePageTitle(given: string | undefined): string {
  const profile = useQuery({ ...profileQuery, enabled: !given });
  return given ?? profile.data?.farmName ?? 'Your Farm';
}

function useSidebar() {
  const [open, setOpen] = useState(() => readSidebarOpen(document.cookie));
  const toggle = useCallback(() => {
    setOpen((value) => {
      document.cookie = `${sidebarCookie}=${!value}; path=/; max-age=${sidebarCookieMaxAge}; SameSite=Lax`;
      return !value;
    });
  }, []);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'b') {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);
  return { open, toggle };
}

/** A demo farm's banner: what this is, and the way to a farm of one's own (the demo's session ends). */
function DemoBanner() {
  const profile = useQuery(profileQuery);
  const [leaving, setLeaving] = useState(false);
  if (!profile.data?.demoUntil) return null;
  const createAccount = async () => {
    setLeaving(true);
    await signOut().catch(() => undefined);
    await forgetReads();
    window.location.assign('/auth?mode=sign-up');
  };
  return (
    <section
      aria-label="Demo farm"
      className="flex flex-wrap items-center justify-between gap-2 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-950 print:hidden"
    >
      <p className="font-medium">You are exploring a demo farm</p>
      <button
        type="button"
        disabled={leaving}
        onClick={() => void createAccount()}
        className="rounded-md bg-brand-800 px-3 py-1.5 font-medium text-white hover:bg-brand-900 disabled:opacity-60"
      >
        Create an Account
      </button>
    </section>
  );
}

/** The main column's width: 480 px below 1024 px; from there the page's own width. */
const mainWidths = {
  wide: 'lg:max-w-6xl lg:px-6',
  form: 'lg:max-w-2xl',
} as const;
export type MainWidth = keyof typeof mainWidths;

export function AppShell({
  title: givenTitle,
  width = 'wide',
  children,
}: {
  title?: string;
  /** from 1024 px: 'wide' uses the width, 'form' keeps a readable column */
  width?: MainWidth;
  children: ReactNode;
}) {
  const [pathname] = useLocation();
  const active = sectionOf(pathname);
  const [heading, setHeading] = useState<string | null>(null);
  const title = usePageTitle(heading ?? givenTitle);
  const sidebar = useSidebar();

  useEffect(() => {
    document.title = `${title} · Paddock`;
  }, [title]);

  return (
    <div className="min-h-dvh md:flex">
      <aside
        data-state={sidebar.open ? 'expanded' : 'collapsed'}
        className={`sticky top-0 hidden h-dvh shrink-0 flex-col border-r border-stone-200 bg-white transition-[width] md:flex print:hidden ${
          sidebar.open ? 'w-64' : 'w-12'
        }`}
      >
        <div className="flex h-14 items-center gap-2 border-b border-stone-200 px-3">
          <img src="/favicon.svg" alt="" className="size-6 shrink-0" />
          {sidebar.open && <span className="text-lg font-bold text-brand-800">Paddock</span>}
        </div>
        <nav aria-label="Main" className="flex flex-col gap-1 p-2">
          {sections.map(({ id, label, to }) => {
            const Icon = icons[id];
            return (
              <Link
                key={id}
                href={to}
                aria-current={active === id ? 'page' : undefined}
                title={sidebar.open ? undefined : label}
                className={`flex h-10 items-center gap-3 rounded-md px-2 text-sm font-medium ${
                  active === id ? 'bg-brand-100 text-brand-900' : 'text-stone-700 hover:bg-stone-100'
                }`}
              >
                <Icon aria-hidden className="size-5 shrink-0" />
                <span className={sidebar.open ? '' : 'sr-only'}>{label}</span>
              </Link>
            );
          })}
        </nav>
      </aside>

      <div className="min-w-0 flex-1">
        <header className="sticky top-0 z-10 flex h-14 print:hidden items-center gap-2 border-b border-stone-200 bg-white/95 px-4 backdrop-blur">
          <button
            type="button"
            onClick={sidebar.toggle}
            aria-label="Toggle sidebar"
            aria-expanded={sidebar.open}
            title="Toggle sidebar (Ctrl+B)"
            className="hidden size-9 items-center justify-center rounded-md text-stone-700 hover:bg-stone-100 md:inline-flex"
          >
            <PanelLeft aria-hidden className="size-5" />
          </button>
          <img src="/favicon.svg" alt="" className="size-6 md:hidden" />
          <h1 className="min-w-0 truncate text-lg font-semibold" title={title}>
            {title}
          </h1>
          <div className="ml-auto flex shrink-0 items-center gap-2">
            <OfflineIndicator />
            {/* a tag reader or the camera opens the animal (issue 30) */}
            <Link
              href="/scan"
              aria-label="Scan Tag"
              title="Scan Tag"
              className="inline-flex size-10 items-center justify-center rounded-md text-stone-700 hover:bg-stone-100"
            >
              <ScanBarcode aria-hidden className="size-5" />
            </Link>
          </div>
        </header>
        <FarmSwitcher />
        <DemoBanner />
        <SyncBanners />
        <main
          className={`mx-auto w-full max-w-[480px] px-4 pt-4 pb-24 md:pb-10 ${mainWidths[width]} print:max-w-none print:p-0`}
        >
          <PageHeadingContext value={setHeading}>{children}</PageHeadingContext>
        </main>
      </div>

      <nav
        aria-label="Main"
        className="fixed inset-x-0 bottom-0 z-20 grid grid-cols-4 border-t border-stone-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden print:hidden"
      >
        {sections.map(({ id, label, to }) => {
          const Icon = icons[id];
          return (
            <Link
              key={id}
              id={id}
              href={to}
              aria-current={active === id ? 'page' : undefined}
              className={`flex min-h-14 flex-col items-center justify-center gap-0.5 text-xs font-medium ${
                active === id ? 'text-brand-800' : 'text-stone-600'
              }`}
            >
              <Icon aria-hidden className="size-5" />
              {label}
            </Link>
          );
        })}
      </nav>
    </div>
  );
}
