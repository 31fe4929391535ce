// /animal/:animalId/record: the animal's 'Health Record' for the vet — 'Print' (the print styles
// lay it out for paper) and 'Share' (a read-only link, shown once, until 'Revoke'). A share link
// reaches outside the farm: only those whose role may make one see the panel (and read its state).
import { useQuery } from '@tanstack/react-query';
import { Printer } from 'lucide-react';
import { useParams } from 'wouter';
import { BackButton } from '../../components/back-button';
import { SecretLinkPanel } from '../../components/secret-link-panel';
import { isNotFound, Loading, LoadError } from '../../components/page-states';
import { Button } from '../../components/ui/button';
import { cardClasses } from '../../components/ui/card';
import { AnimalNotFound } from '../../features/animals/components/animal-not-found';
import {
  healthRecordQuery,
  recordShareQuery,
  useRevokeRecordShare,
  useShareRecord,
} from '../../features/records/api/records';
import { formatUsDate } from '../../lib/dates';
import { useCan } from '../../lib/farm';
import { usePageHeading } from '../page-heading';
import { HealthRecordView } from './health-record-view';

function SharePanel({ animalId }: { animalId: string }) {
  const state = useQuery(recordShareQuery(animalId));
  const share = useShareRecord(animalId);
  const revoke = useRevokeRecordShare(animalId);
  return (
    <SecretLinkPanel
      id="share"
      heading="Share"
      linkLabel="Share link"
      className="print:hidden"
      since={state.isPending ? undefined : (state.data?.sharedSince ?? null)}
      create={share.mutateAsync}
      revoke={revoke.mutateAsync}
      creating={share.isPending}
      revoking={revoke.isPending}
      createLabel="Share"
      creatingLabel="Sharing..."
      texts={{
        intro:
          'Make a read-only link for your vet or a buyer. It shows this record only, and nothing else of your farm.',
        shownOnce:
          'Shown once: copy it now. Anyone with the link can view this record, read-only, until you revoke it.',
        live: (since) =>
          `Shared since ${formatUsDate(since.slice(0, 10))}: anyone with the link can view this record.`,
        createFailed: 'Failed to share the record. Please try again.',
        revokeFailed: 'Failed to revoke the link. Please try again.',
        revoked: { title: 'Link revoked', description: 'The link no longer opens this record.' },
      }}
    />
  );
}

export default function HealthRecordPage() {
  const { animalId = '' } = useParams<{ animalId: string }>();
  const record = useQuery(healthRecordQuery(animalId));
  const canShare = useCan('member');
  usePageHeading(record.data ? `Health Record: ${record.data.animal.name}` : undefined);

  if (record.isPending) return <Loading place="tight">Loading record...</Loading>;
  if (record.isError) {
    if (isNotFound(record.error)) return <AnimalNotFound />;
    return <LoadError error={record.error} onRetry={() => void record.refetch()} look="alert" />;
  }
  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between gap-2 print:hidden">
        <BackButton fallback={`/animal/${animalId}`} />
        <Button variant="secondary" onClick={() => window.print()}>
          <Printer aria-hidden className="size-4" />
          Print
        </Button>
      </div>
      <div className={`${cardClasses} print:border-0 print:p-0 print:shadow-none`}>
        <HealthRecordView record={record.data} />
      </div>
      {canShare && <SharePanel animalId={animalId} />}
    </div>
  );
}
