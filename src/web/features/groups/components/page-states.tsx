// The loading, not-found and error views the herd pages share.
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button, buttonBase, buttonClasses } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api';

export const cardClasses = 'rounded-xl border border-stone-200 bg-white p-4 shadow-sm';

export function Loading({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="py-10 text-center text-stone-600">
      {children}
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
