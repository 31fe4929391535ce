// The states an animal page shows before (or instead of) its content.
import { Link } from 'wouter';
import { Button, buttonBase, buttonClasses } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api';

export function LoadingState({ label = 'Loading...' }: { label?: string }) {
  return (
    <p role="status" className="py-8 text-center text-stone-600">
      {label}
    </p>
  );
}

export function AnimalNotFound() {
  return (
    <section className="space-y-3 rounded-xl border border-stone-200 bg-white p-6 text-center shadow-sm">
      <h2 className="text-lg font-semibold">Animal not found</h2>
      <p className="text-sm text-stone-700">It may have been deleted, or it belongs to another farm.</p>
      <Link href="/my-animals" className={`${buttonBase} ${buttonClasses.secondary}`}>
        Back to My Animals
      </Link>
    </section>
  );
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** A failed load: the server's message (or the client's offline message) and a retry. */
export function LoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <div role="alert" className="space-y-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
      <p>{error instanceof ApiError ? error.message : 'An unexpected error occurred.'}</p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
