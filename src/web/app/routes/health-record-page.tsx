// /animal/:animalId/record: the animal's 'Health Record' for the vet — 'Print' (the print styles
// lay it out for paper) and 'Share' (a read-only link, shown once, until 'Revoke').
import { useQuery } from '@tanstack/react-query';
import { Check, Copy, Link2, Printer } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'wouter';
import type { RecordShareLink } from '../../../shared/schemas/records';
import { BackButton } from '../../components/back-button';
import { isNotFound, LoadErrorAlert, Loading } from '../../components/page-states';
import { Button } from '../../components/ui/button';
import { cardClasses } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import { useToast } from '../../components/ui/toaster';
import { AnimalNotFound } from '../../features/animals/components/animal-not-found';
import {
  healthRecordQuery,
  recordShareQuery,
  useRevokeRecordShare,
  useShareRecord,
} from '../../features/records/api/records';
import { offlineMessage } from '../../lib/api';
import { formatUsDate } from '../../lib/dates';
import { usePageHeading } from '../page-heading';
import { HealthRecordView } from './health-record-view';

function SharePanel({ animalId }: { animalId: string }) {
  const state = useQuery(recordShareQuery(animalId));
  const share = useShareRecord(animalId);
  const revoke = useRevokeRecordShare(animalId);
  const toast = useToast();
  const [link, setLink] = useState<RecordShareLink | null>(null);
  const [copied, setCopied] = useState(false);

  const makeLink = async () => {
    try {
      setLink(await share.mutateAsync());
      setCopied(false);
    } catch (error) {
      toast({
        title: 'Failed to share the record. Please try again.',
        description: offlineMessage(error),
        variant: 'destructive',
      });
    }
  };
  const endLink = async () => {
    try {
      await revoke.mutateAsync();
      setLink(null);
      toast({ title: 'Link revoked', description: 'The link no longer opens this record.' });
    } catch (error) {
      toast({
        title: 'Failed to revoke the link. Please try again.',
        description: offlineMessage(error),
        variant: 'destructive',
      });
    }
  };
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied(true);
    } catch {
      toast({ title: 'Copy the link by hand: your browser did not allow it.' });
    }
  };

  const sharedSince = state.data?.sharedSince ?? null;
  return (
    <section aria-labelledby="share-heading" className={`${cardClasses} space-y-3 print:hidden`}>
      <h3 id="share-heading" className="font-semibold">
        Share
      </h3>
      {link ? (
        <div className="space-y-2">
          <TextField
            label="Share link"
            readOnly
            value={link.url}
            onFocus={(event) => event.target.select()}
          />
          <p className="text-xs text-stone-600">
            Shown once: copy it now. Anyone with the link can view this record, read-only, until you revoke
            it.
          </p>
        </div>
      ) : sharedSince ? (
        <p className="text-sm text-stone-700">
          Shared since {formatUsDate(sharedSince.slice(0, 10))}: anyone with the link can view this record.
        </p>
      ) : (
        <p className="text-sm text-stone-700">
          Make a read-only link for your vet or a buyer. It shows this record only, and nothing else of your
          farm.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {link && (
          <Button variant="secondary" onClick={() => void copy()}>
            {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
        <Button
          variant={link ? 'ghost' : 'primary'}
          disabled={share.isPending || state.isPending}
          onClick={() => void makeLink()}
        >
          <Link2 aria-hidden className="size-4" />
          {share.isPending ? 'Sharing...' : sharedSince ? 'New Link' : 'Share'}
        </Button>
        {sharedSince && (
          <Button variant="destructive" disabled={revoke.isPending} onClick={() => void endLink()}>
            {revoke.isPending ? 'Revoking...' : 'Revoke'}
          </Button>
        )}
      </div>
      {sharedSince && !link && (
        <p className="text-xs text-stone-600">A new link replaces the old one, which stops working.</p>
      )}
    </section>
  );
}

export default function HealthRecordPage() {
  const { animalId = '' } = useParams<{ animalId: string }>();
  const record = useQuery(healthRecordQuery(animalId));
  usePageHeading(record.data ? `Health Record: ${record.data.animal.name}` : undefined);

  if (record.isPending) return <Loading tight>Loading record...</Loading>;
  if (record.isError) {
    if (isNotFound(record.error)) return <AnimalNotFound />;
    return <LoadErrorAlert error={record.error} onRetry={() => void record.refetch()} />;
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
      <SharePanel animalId={animalId} />
    </div>
  );
}
