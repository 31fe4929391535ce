// The views a page shows before (or instead of) its content: loading, not found, a failed read.
// Two looks exist for a failed read (a card, and the red alert the animal pages use); merging them
// would change what users see, so both live here until a design decides.
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ApiError } from '../lib/api';
import { useOnline } from '../lib/outbox';
import { Button, buttonBase, buttonClasses } from './ui/button';
import { cardClasses } from './ui/card';

/** 'Loading...' (or the given text) for a screen reader and the eye; `tight` is the animal pages' spacing. */
export function Loading({
  children = 'Loading...',
  tight = false,
}: {
  children?: ReactNode;
  tight?: boolean;
}) {
  // a page not opened before has nothing on the device: say why it waits
  const online = useOnline();
  return (
    <p role="status" className={`${tight ? 'py-8' : 'py-10'} text-center text-stone-600`}>
      {children}
      {!online && (
        <span className="mt-1 block text-sm">
          You are offline. This page has not been opened on this device before; it will load when you are back
          online.
        </span>
      )}
    </p>
  );
}

/** A record that is not on this farm (or never was): a heading and a way home. */
export function NotFound({ title }: { title: string }) {
  return (
    <div className={`${cardClasses} space-y-4 py-8 text-center`}>
      <h2 className="text-lg font-semibold">{title}</h2>
      <Link href="/home" className={`${buttonBase} ${buttonClasses.primary}`}>
        Back to Home
      </Link>
    </div>
  );
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** A failed read: sign in again after a 401, otherwise the reason and 'Try again'. */
export function LoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  if (error instanceof ApiError && error.status === 401) {
    return (
      <div className={`${cardClasses} space-y-4 py-8 text-center`}>
        <p>Please sign in to access your farm</p>
        <Link href="/auth" className={`${buttonBase} ${buttonClasses.primary}`}>
          Sign In
        </Link>
      </div>
    );
  }
  return (
    <div role="alert" className={`${cardClasses} space-y-4 py-8 text-center`}>
      <p className="text-stone-800">
        {error instanceof ApiError ? error.message : 'An unexpected error occurred. Please try again.'}
      </p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** A failed read as a red alert: the server's message (or the client's offline message) and a retry. */
export function LoadErrorAlert({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <div role="alert" className="space-y-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
      <p>{error instanceof ApiError ? error.message : 'An unexpected error occurred.'}</p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
