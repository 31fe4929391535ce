// Account → 'Shared Links' (owners only): every live share link of the farm's health records —
// which animal, who made it, since when — each with 'Revoke' (after a confirmation). A link ends
// by itself when the member who made it leaves or is removed.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { SharedLink } from '../../../shared/schemas/records';
import { Loading, LoadError } from '../../components/page-states';
import { Button } from '../../components/ui/button';
import { cardClasses } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/dialog';
import { useToast } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/api';
import { formatUsDate } from '../../lib/dates';
import { sharedLinksQuery, useRevokeSharedLink } from './api/shared-links';

function SharedLinkRow({ link }: { link: SharedLink }) {
  const toast = useToast();
  const revoke = useRevokeSharedLink();
  const [confirming, setConfirming] = useState(false);

  const revokeLink = async () => {
    try {
      await revoke.mutateAsync(link.animalId);
      setConfirming(false);
      toast({ title: `${link.animalName}’s link revoked`, description: 'It no longer opens the record.' });
    } catch (error) {
      setConfirming(false);
      toast({
        title: 'Failed to revoke the link.',
        description: errorMessage(error),
        variant: 'destructive',
      });
    }
  };

  return (
    <li className="flex items-center justify-between gap-2 py-3">
      <div className="min-w-0">
        <p className="font-medium break-words">{link.animalName}</p>
        <p className="text-sm break-words text-stone-600">
          Shared {link.sharedBy ? `by ${link.sharedBy} ` : ''}since{' '}
          {formatUsDate(link.sharedSince.slice(0, 10))}
        </p>
      </div>
      <Button
        variant="secondary"
        aria-label={`Revoke the link to ${link.animalName}’s health record`}
        onClick={() => setConfirming(true)}
      >
        Revoke
      </Button>
      <ConfirmDialog
        open={confirming}
        title={`Revoke the link to ${link.animalName}’s record?`}
        message="Anyone holding it can no longer see the record. A new link can be made from the animal's Health Record."
        confirmLabel="Revoke"
        busyLabel="Revoking..."
        busy={revoke.isPending}
        onConfirm={() => void revokeLink()}
        onCancel={() => setConfirming(false)}
      />
    </li>
  );
}

export default function SharedLinksSection() {
  const links = useQuery(sharedLinksQuery);
  return (
    <section aria-labelledby="shared-links-heading" className={`${cardClasses} space-y-3`}>
      <h2 id="shared-links-heading" className="text-lg font-semibold">
        Shared Links
      </h2>
      {links.isPending ? (
        <Loading place="section" />
      ) : links.isError ? (
        <LoadError error={links.error} onRetry={() => void links.refetch()} look="inline" />
      ) : links.data.links.length ? (
        <>
          <p className="text-sm text-stone-600">
            Health records anyone with the link can read. A link also ends when the member who made it leaves
            the farm.
          </p>
          <ul aria-label="Shared links" className="divide-y divide-stone-200">
            {links.data.links.map((link) => (
              <SharedLinkRow key={link.animalId} link={link} />
            ))}
          </ul>
        </>
      ) : (
        <p className="text-sm text-stone-600">No health record is shared by link.</p>
      )}
    </section>
  );
}
