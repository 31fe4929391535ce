// Route guard: 'Loading...' while the session resolves, /auth?next=… (replacing history) when signed
// out, so that signing in comes back here.
import { useDeferredValue, type ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { Loading, LoadError } from '../components/page-states';
import { signInPath } from '../lib/return-path';
import { useSession } from '../lib/session';

export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const [path] = useLocation();
  const search = useSearch();
  const pending = useDeferredValue(session.isPending);
  if (pending) {
    return <Loading place="screen" />;
  }
  if (session.isError) {
    return (
      <div className="mx-auto max-w-sm p-8">
        <LoadError error={session.error} onRetry={() => void session.refetch()} />
      </div>
    );
  }
  // back to this page once signed in (a deep link, a bookmark, an expired session)
  if (!session.data) return <Redirect to={signInPath(search ? `${path}?${search}` : path)} replace />;
  return children;
}
