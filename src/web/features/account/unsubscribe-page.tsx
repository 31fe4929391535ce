// /unsubscribe/:token: the link at the foot of each daily reminder email. It asks first (mail
// scanners open links; only a person presses the button), then turns the email off — no sign-in.
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'wouter';
import { Button, buttonBase, buttonClasses } from '../../components/ui/button';
import { ApiError } from '../../lib/api';
import { unsubscribe } from './api/daily-email';

export default function UnsubscribePage() {
  const { token = '' } = useParams<{ token: string }>();
  const done = useMutation({ mutationFn: () => unsubscribe(token) });
  useEffect(() => {
    document.title = 'Unsubscribe – Paddock';
  }, []);
  const status = done.error instanceof ApiError ? done.error.status : null;

  return (
    <main className="mx-auto min-h-dvh max-w-md space-y-4 px-4 py-10">
      <div className="flex items-center gap-2">
        <img src="/favicon.svg" alt="" className="size-6" />
        <h1 className="text-lg font-semibold">Daily reminder email</h1>
      </div>
      <div className="space-y-3 rounded-lg border border-stone-200 bg-white p-6">
        {done.isSuccess ? (
          <p role="status">
            You are unsubscribed: Paddock will not send you the daily reminder email any more. You can turn it
            on again on your Account page.
          </p>
        ) : (
          <>
            <p>Stop the morning email that lists your reminders due today and overdue?</p>
            {done.isError && (
              <p role="alert" className="text-sm text-red-700">
                {status === 404
                  ? 'This unsubscribe link is no longer valid. Turn the email off on your Account page instead.'
                  : status === 429
                    ? 'Too many requests. Please wait a few minutes and try again.'
                    : 'Could not unsubscribe. Check your connection and try again.'}
              </p>
            )}
            <Button disabled={done.isPending} onClick={() => done.mutate()}>
              {done.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
            </Button>
          </>
        )}
        <Link href="/account" className={`${buttonBase} ${buttonClasses.ghost}`}>
          Go to my account
        </Link>
      </div>
    </main>
  );
}
