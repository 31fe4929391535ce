// Route guard: 'Loading...' while the session resolves, /auth?next=… (replacing history) when signed
// out, so that signing in comes back here.
import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { Button } from '../components/ui/button';
import { signInPath } from '../lib/return-path';
import { useSession } from '../lib/session';

export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const [path] = useLocation();
  const search = useSearch();
  if (session.isPending) {
    return (
      <p role="status" className="p-8 text-center text-stone-600">
        Loading...
      </p>
    );
  }
  if (session.isError) {
    return (
      <div role="alert" className="mx-auto max-w-sm space-y-3 p-8 text-center">
        <p>{session.error.message}</p>
        <Button onClick={() => void session.refetch()}>Try again</Button>
      </div>
    );
  }
  // back to this page once signed in (a deep link, a bookmark, an expired session)
  if (!session.data) return <Redirect to={signInPath(search ? `${path}?${search}` : path)} replace />;
  return children;
}
