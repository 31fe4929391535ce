// Routes: every page is its own lazily loaded chunk; the shell and guard load with the app. Pages that
// compose several features live in ./routes (docs/decisions/0016-web-layout.md), the rest in their feature.
// wouter rather than React Router: see docs/decisions/0006-small-bundles.md (the first-load budget).
import { lazy, Suspense, type ComponentType } from 'react';
import { Redirect, Route, Switch, useLocation, useParams } from 'wouter';
import { MembersOnlyNotice, useMembersOnly } from '../components/members-only';
import { animalQuery, animalSearchQuery, speciesQuery } from '../features/animals/api/animals';
import { groupsQuery } from '../features/groups/api/groups';
import { eggCollectionPagesQuery, eggProductionQuery } from '../features/production/api/eggs';
import { milkProductionQuery, milkRecordPagesQuery } from '../features/production/api/milk';
import { medicineWarningsQuery } from '../features/medicines/api/medicines';
import { remindersQuery } from '../features/reminders/api/reminders';
import { farmsQuery } from '../lib/farm';
import { profileQuery } from '../lib/profile';
import { askFirst, type FirstRead } from '../lib/query-client';
import { Loading } from '../components/page-states';
import { AppShell, type MainWidth } from './app-shell';
import { lazyPage, usePageSettled, type LazyPage } from './lazy-page';
import { NotFoundPage } from './not-found-page';
import { PageErrorBoundary } from './page-error-boundary';
import { RequireAuth } from './require-auth';

type AppRoute = {
  path: string;
  title?: string;
  Page: LazyPage;
  /**
   * A form a farm sitter may not send: they get 'Members only' instead (the server refuses it
   * anyway), with the page this names to go back to.
   */
  membersOnly?: (params: Record<string, string | undefined>) => string;
  /** from 1024 px a form keeps a readable column; other pages use the width (decision 0016) */
  width?: MainWidth;
  /** what the page waits for before it shows: asked as the app starts (askFirstReads) */
  firstReads?: (params: Record<string, string>) => FirstRead[];
};

const MedicineFormPage = lazyPage(() => import('../features/medicines/medicine-form-page'));
const CareEntryPage = lazyPage(() => import('./routes/care-entry-page'));
const CollectEggsPage = lazyPage(() => import('./routes/collect-eggs-page'));
const ProductionPage = lazyPage(() => import('./routes/production-page'));
const RecordMilkPage = lazyPage(() => import('./routes/record-milk-page'));
const MoneyFormPage = lazyPage(() => import('../features/money/money-form-page'));
const entryTitles = { medical: 'Medication', weight: 'Weight', note: 'Note' } as const;

/** Signed-in pages, shown inside the app shell. Without a title the farm's name is the title. */
export const appRoutes: AppRoute[] = [
  {
    path: '/home',
    Page: lazyPage(() => import('./routes/my-herd-page')),
    firstReads: () => [groupsQuery, remindersQuery(), medicineWarningsQuery],
  },
  {
    path: '/add-group',
    title: 'Add Group',
    width: 'form',
    Page: lazyPage(() => import('../features/groups/add-group-page')),
    membersOnly: () => '/home',
  },
  {
    path: '/group/:groupId',
    title: 'Group',
    Page: lazyPage(() => import('./routes/group-detail-page')),
  },
  {
    path: '/group/:groupId/edit',
    title: 'Edit Group',
    width: 'form',
    Page: lazyPage(() => import('../features/groups/edit-group-page')),
    membersOnly: ({ groupId }) => `/group/${groupId}`,
  },
  {
    path: '/group/:groupId/animals',
    title: 'Group Animals',
    Page: lazyPage(() => import('./routes/group-animals-page')),
  },
  {
    path: '/group/:groupId/weights',
    title: 'Weights',
    Page: lazyPage(() => import('./routes/group-weights-page')),
  },
  // a farm sitter does the rounds: eggs are theirs to collect too (decision 0037)
  { path: '/group/:groupId/collect-eggs', title: 'Collect Eggs', width: 'form', Page: CollectEggsPage },
  { path: '/collect-eggs', title: 'Collect Eggs', width: 'form', Page: CollectEggsPage },
  { path: '/group/:groupId/production', title: 'Production', Page: ProductionPage },
  {
    path: '/production',
    title: 'Production',
    Page: ProductionPage,
    // its figures and the first page of each list: the page waits for all four
    firstReads: () => [
      eggProductionQuery(),
      milkProductionQuery({}),
      eggCollectionPagesQuery(),
      milkRecordPagesQuery({}),
    ],
  },
  {
    path: '/group/:groupId/add-animal',
    title: 'Add Animal',
    width: 'form',
    Page: lazyPage(() => import('./routes/add-animal-page')),
    membersOnly: ({ groupId }) => `/group/${groupId}/animals`,
  },
  {
    path: '/add-animal',
    title: 'Add Animal',
    width: 'form',
    Page: lazyPage(() => import('./routes/add-animal-page')),
    membersOnly: () => '/my-animals',
  },
  {
    path: '/scan',
    title: 'Scan Tag',
    width: 'form',
    Page: lazyPage(() => import('../features/animals/scan/scan-tag-page')),
  },
  // a printed label's QR code (issue 30): becomes the animal's page
  { path: '/a/:code', title: 'Animal', Page: lazyPage(() => import('./routes/label-link-page')) },
  {
    path: '/labels',
    title: 'Print Labels',
    Page: lazyPage(() => import('./routes/print-labels-page')),
  },
  {
    path: '/animal/:animalId',
    title: 'Animal',
    Page: lazyPage(() => import('./routes/animal-profile-page')),
    firstReads: ({ animalId }) => [animalQuery(animalId!)],
  },
  {
    path: '/animal/:animalId/edit',
    title: 'Edit Animal',
    width: 'form',
    Page: lazyPage(() => import('./routes/edit-animal-page')),
    membersOnly: ({ animalId }) => `/animal/${animalId}`,
    firstReads: ({ animalId }) => [animalQuery(animalId!), groupsQuery, speciesQuery],
  },
  {
    path: '/animal/:animalId/record',
    title: 'Health Record',
    width: 'form',
    Page: lazyPage(() => import('./routes/health-record-page')),
  },
  {
    path: '/animal/:animalId/breeding',
    title: 'Record Breeding',
    width: 'form',
    Page: lazyPage(() => import('./routes/record-breeding-page')),
    membersOnly: ({ animalId }) => `/animal/${animalId}`,
  },
  {
    path: '/animal/:animalId/birth',
    title: 'Record Birth',
    width: 'form',
    Page: lazyPage(() => import('./routes/record-birth-page')),
    membersOnly: ({ animalId }) => `/animal/${animalId}`,
  },
  // a farm sitter does the rounds: milk is theirs to record too
  {
    path: '/animal/:animalId/milk',
    title: 'Record Milk',
    width: 'form',
    Page: RecordMilkPage,
  },
  {
    path: '/group/:groupId/milk',
    title: 'Record Milk',
    width: 'form',
    Page: RecordMilkPage,
  },
  {
    path: '/animal/:animalId/milk-records',
    title: 'Milk',
    Page: lazyPage(() => import('./routes/milk-records-page')),
  },
  {
    path: '/animals/import',
    title: 'Import Animals',
    Page: lazyPage(() => import('../features/animals/import-animals-page')),
    membersOnly: () => '/my-animals',
  },
  {
    path: '/my-animals',
    title: 'My Animals',
    Page: lazyPage(() => import('./routes/my-animals-page')),
    // the whole herd (a filtered list is asked by the page, beside it)
    firstReads: () => [animalSearchQuery({}), groupsQuery, speciesQuery],
  },
  {
    path: '/reminders',
    title: 'Reminders',
    Page: lazyPage(() => import('../features/reminders/reminders-page')),
  },
  {
    path: '/medicines',
    title: 'Medicine Cabinet',
    Page: lazyPage(() => import('../features/medicines/medicines-page')),
  },
  {
    path: '/medicines/new',
    title: 'Add Medicine',
    width: 'form',
    Page: MedicineFormPage,
    membersOnly: () => '/medicines',
  },
  {
    path: '/medicines/:id/edit',
    title: 'Edit Medicine',
    width: 'form',
    Page: MedicineFormPage,
    membersOnly: () => '/medicines',
  },
  {
    path: '/medicines/:id/stock',
    title: 'Add Stock',
    width: 'form',
    Page: lazyPage(() => import('../features/medicines/add-stock-page')),
    membersOnly: () => '/medicines',
  },
  // a farm sitter reads a lot's history; its edit and movement buttons are members' only
  {
    path: '/medicines/:id/lots/:lotId',
    title: 'Lot',
    width: 'form',
    Page: lazyPage(() => import('../features/medicines/lot-page')),
  },
  // the farm's money (issue 28): Owners and Members only, a Farm Sitter sees none of it
  {
    path: '/money',
    title: 'Money',
    Page: lazyPage(() => import('../features/money/money-page')),
    membersOnly: () => '/home',
  },
  {
    path: '/money/new',
    title: 'Add Money',
    width: 'form',
    Page: MoneyFormPage,
    membersOnly: () => '/home',
  },
  {
    path: '/money/:id/edit',
    title: 'Edit Money',
    width: 'form',
    Page: MoneyFormPage,
    membersOnly: () => '/money',
  },
  {
    path: '/group/:groupId/feed',
    title: 'Feed',
    Page: lazyPage(() => import('../features/money/group-feed-page')),
    membersOnly: ({ groupId }) => `/group/${groupId}`,
  },
  {
    path: '/account',
    title: 'Account',
    Page: lazyPage(() => import('../features/account/account-page')),
  },
  // care entry forms: new and edit, for one animal or a whole group (one page reads the path)
  ...(['medical', 'weight', 'note'] as const).flatMap((type) =>
    ['/animal/:animalId', '/group/:groupId'].flatMap((owner) => [
      {
        path: `${owner}/${type}-entry`,
        title: entryTitles[type],
        width: 'form' as const,
        Page: CareEntryPage,
      },
      {
        path: `${owner}/edit-${type}/:entryId`,
        title: `Edit ${entryTitles[type]}`,
        width: 'form' as const,
        Page: CareEntryPage,
      },
    ]),
  ),
  {
    path: '/reminders/new',
    title: 'New Reminder',
    width: 'form',
    Page: lazyPage(() => import('./routes/new-reminder-page')),
    membersOnly: () => '/reminders',
  },
  {
    path: '/reminders/:id/edit',
    title: 'Edit Reminder',
    width: 'form',
    Page: lazyPage(() => import('./routes/edit-reminder-page')),
    membersOnly: () => '/reminders',
  },
];

/** A members' form: a farm sitter who reaches it by its address sees why not, and a way back. */
function MembersOnly({ Page, back }: { Page: ComponentType; back: NonNullable<AppRoute['membersOnly']> }) {
  const params = useParams();
  return useMembersOnly() ? <MembersOnlyNotice backHref={back(params)} /> : <Page />;
}

const AuthPage = lazy(() => import('../features/auth/auth-page'));
const ResetPasswordPage = lazy(() => import('../features/auth/reset-password-page'));
const SharedRecordPage = lazy(() => import('./routes/shared-record-page'));
const UnsubscribePage = lazy(() => import('../features/account/unsubscribe-page'));
const InvitationPage = lazy(() => import('../features/account/invitation-page'));

const loading = <Loading place="screen" />;

/**
 * The parameters of an address of a route ('/group/:groupId' and '/group/7f…'), or null: matched
 * as wouter's Switch matches (a trailing slash allowed, letters in any case).
 */
function routeParams(path: string, address: string): Record<string, string> | null {
  const names: string[] = [];
  const pattern = path.replace(/:([^/]+)/g, (_part, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const found = new RegExp(`^${pattern}/?$`, 'i').exec(address);
  return found && Object.fromEntries(names.map((name, index) => [name, found[index + 1]!]));
}

/**
 * On a cold start at a signed-in page, what the shell and the page show first is asked beside the
 * session and the page's chunk (decision 0052). A signed-out visitor's reads answer 401, which says
 * no more than the session's answer will.
 */
export function askFirstReads(address: string) {
  const found = routeAt(address);
  if (found) askFirst([profileQuery, farmsQuery, ...(found.route.firstReads?.(found.params) ?? [])]);
}

/**
 * The signed-in route an address is of (the first, as the router's Switch chooses), with its
 * parameters: the router's page and title, and the first reads, found alike.
 */
function routeAt(address: string) {
  for (const route of appRoutes) {
    const params = routeParams(route.path, address);
    if (params) return { route, params };
  }
  return undefined;
}

export function AppRouter() {
  const [location] = useLocation();
  const current = routeAt(location)?.route;
  // the page's chunk loads beside the session's request, not once the session is known (an
  // idempotent start, not a render's output: a failure shows when the page renders)
  current?.Page.preload().catch(() => undefined);
  const pageSettled = usePageSettled(current?.Page);

  if (location === '/auth') {
    return (
      <Suspense fallback={loading}>
        <AuthPage />
      </Suspense>
    );
  }
  if (location === '/reset-password') {
    return (
      <Suspense fallback={loading}>
        <ResetPasswordPage />
      </Suspense>
    );
  }
  if (location.startsWith('/record/')) {
    // a shared health record: its link is the only key, no session needed
    return (
      <Suspense fallback={loading}>
        <Route path="/record/:token" component={SharedRecordPage} />
      </Suspense>
    );
  }
  if (location.startsWith('/unsubscribe/')) {
    // a daily email's unsubscribe link: its token is the key, no session needed
    return (
      <Suspense fallback={loading}>
        <Route path="/unsubscribe/:token" component={UnsubscribePage} />
      </Suspense>
    );
  }
  if (location.startsWith('/invite/')) {
    // an invitation email's link: signed in or not, its token is the key
    return (
      <Suspense fallback={loading}>
        <Route path="/invite/:token" component={InvitationPage} />
      </Suspense>
    );
  }
  if (location === '/') return <Redirect to="/home" replace />;

  if (!current) return <NotFoundPage />;
  return (
    <RequireAuth>
      <AppShell title={current.title} width={current.width}>
        <PageErrorBoundary resetKey={location}>
          <Suspense fallback={loading}>
            {pageSettled ? (
              <Switch>
                {appRoutes.map(({ path, Page, membersOnly }) => (
                  <Route key={path} path={path}>
                    {membersOnly ? <MembersOnly Page={Page} back={membersOnly} /> : <Page />}
                  </Route>
                ))}
              </Switch>
            ) : (
              loading
            )}
          </Suspense>
        </PageErrorBoundary>
      </AppShell>
    </RequireAuth>
  );
}
