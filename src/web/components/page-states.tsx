// The views a page shows before (or instead of) its content: loading, not found, a failed read. One
// component each; where they sit (a whole screen, a page, a section of a card) is a prop, so every
// page waits and fails alike. A failed read keeps two looks (a card, and the red alert the animal
// pages and lists use): merging them would change what users see, a design choice for later.
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ApiError, unexpectedError } from '../lib/api';
import { useOnline } from '../lib/outbox';
import { Button, buttonBase, buttonClasses } from './ui/button';
import { cardClasses } from './ui/card';

/**
 * Where a state sits: `screen` before the app's shell (the session, a page's code), `page` a
 * page's content, `tight` the animal pages' spacing, `section` one section of a page.
 */
export type StatePlace = 'screen' | 'page' | 'tight' | 'section';

const loadingClasses: Record<StatePlace, string> = {
  screen: 'p-8 text-center text-stone-600',
  page: 'py-10 text-center text-stone-600',
  tight: 'py-8 text-center text-stone-600',
  section: 'text-sm text-stone-600',
};

/** 'Loading...' (or the given text) for a screen reader and the eye. */
export function Loading({
  children = 'Loading...',
  place = 'page',
}: {
  children?: ReactNode;
  place?: StatePlace;
}) {
  return (
    <p role="status" className={loadingClasses[place]}>
      {children}
      {(place === 'page' || place === 'tight') && <OfflineNote />}
    </p>
  );
}

/** A page not opened before has nothing on the device: say why it waits. */
function OfflineNote() {
  const online = useOnline();
  if (online) return null;
  return (
    <span className="mt-1 block text-sm">
      You are offline. This page has not been opened on this device before; it will load when you are back
      online.
    </span>
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

const errorClasses = {
  card: `${cardClasses} space-y-4 py-8 text-center`,
  alert: 'space-y-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900',
  /** a list or a section inside a card */
  inline: 'space-y-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900',
} as const;

/**
 * A failed read: the server's reason (or the client's offline message) and 'Try again'. As a
 * `card`, a 401 offers 'Sign In' instead; `alert` and `inline` are the red alert, full and small.
 */
export function LoadError({
  error,
  onRetry,
  look = 'card',
}: {
  error: Error;
  onRetry: () => void;
  look?: keyof typeof errorClasses;
}) {
  if (look === 'card' && error instanceof ApiError && error.status === 401) {
    return (
      <div className={errorClasses.card}>
        <p>Please sign in to access your farm</p>
        <Link href="/auth" className={`${buttonBase} ${buttonClasses.primary}`}>
          Sign In
        </Link>
      </div>
    );
  }
  return (
    <div role="alert" className={errorClasses[look]}>
      <p className={look === 'card' ? 'text-stone-800' : undefined}>
        {error instanceof ApiError ? error.message : unexpectedError}
      </p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
