// /record/:token: a health record shared by its farm — read-only, for anyone with the link, no
// account needed; it shows that record and nothing else.
import { useQuery } from '@tanstack/react-query';
import { Printer } from 'lucide-react';
import { useEffect } from 'react';
import { useParams } from 'wouter';
import { Loading } from '../../components/page-states';
import { Button } from '../../components/ui/button';
import { sharedRecordQuery } from '../../features/records/api/records';
import { ApiError } from '../../lib/api';
import { HealthRecordView } from './health-record-view';

/** Why the record did not open: a link that opens nothing, too many views, or no connection (retry). */
function SharedRecordError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const status = error instanceof ApiError ? error.status : null;
  const [title, message] =
    status === 404
      ? [
          'This link does not open a record',
          'It may have been revoked by the farm, or replaced by a new link. Ask them for a new one.',
        ]
      : status === 429
        ? ['Too many requests', 'Please wait a few minutes and try again.']
        : ['Could not load the record', 'Check your connection and try again.'];
  return (
    <div role="alert" className="space-y-3 rounded-lg border border-stone-200 bg-white p-6 text-center">
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="text-sm text-stone-600">{message}</p>
      {status !== 404 && (
        <Button variant="secondary" onClick={onRetry}>
          Try Again
        </Button>
      )}
    </div>
  );
}

export default function SharedRecordPage() {
  const { token = '' } = useParams<{ token: string }>();
  const record = useQuery(sharedRecordQuery(token));
  useEffect(() => {
    document.title = record.data ? `${record.data.animal.name} – Health Record` : 'Health Record – Paddock';
  }, [record.data]);

  return (
    <div className="min-h-dvh bg-stone-50 print:bg-white">
      <header className="border-b border-stone-200 bg-white print:hidden">
        <div className="mx-auto flex h-14 max-w-3xl items-center gap-2 px-4">
          <img src="/favicon.svg" alt="" className="size-6" />
          <h1 className="text-lg font-semibold">Paddock</h1>
          <span className="text-sm text-stone-600">· shared health record, read-only</span>
        </div>
      </header>
      <main className="mx-auto max-w-3xl space-y-3 px-4 py-4 print:max-w-none print:p-0">
        {record.isPending ? (
          <Loading place="tight">Loading record...</Loading>
        ) : record.isError ? (
          <SharedRecordError error={record.error} onRetry={() => void record.refetch()} />
        ) : (
          <>
            <div className="flex justify-end print:hidden">
              <Button variant="secondary" onClick={() => window.print()}>
                <Printer aria-hidden className="size-4" />
                Print
              </Button>
            </div>
            <div className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm print:border-0 print:p-0 print:shadow-none">
              <HealthRecordView record={record.data} />
            </div>
          </>
        )}
      </main>
    </div>
  );
}
