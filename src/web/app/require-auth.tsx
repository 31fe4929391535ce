// Route guard: 'Loading...' while the session resolves, /auth (replacing history) when signed out.
import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { Button } from '../components/ui/button';
import { useSession } from '../lib/session';

export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
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
  if (!session.data) return <Redirect to="/auth" replace />;
  return children;
}
