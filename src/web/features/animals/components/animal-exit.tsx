// An animal leaving the herd (issue 28, decision 0043): on its page, Owners and Members 'Mark as
// Sold' (Died, Culled, Given Away, Lost) with a date, a note and a sale's price; a past animal says
// how it left, and 'Return to Herd' undoes a mistake. Selling or culling an animal that is not safe
// for meat asks first ('Not safe for meat until Dec 2 — record anyway?'). Its records all stay.
import { useQuery } from '@tanstack/react-query';
import { LogOut, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { exitKindLabels, exitKinds, type ExitKind } from '../../../../shared/animals/values';
import type { Animal } from '../../../../shared/schemas/animals';
import { exitSummary } from '../animal-display';
import { Button, buttonBase, buttonClasses } from '../../../components/ui/button';
import { cardClasses } from '../../../components/ui/card';
import { useToast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api';
import { useCan } from '../../../lib/farm';
import { lazyPart } from '../../../components/lazy-part';
import { profileQuery } from '../../../lib/profile';
import { useAnimalExit } from '../api/animals';

/** The dialog, with the form libraries: its code comes when it opens (animal-exit-dialog.tsx). */
const ExitDialog = lazyPart(() => import('./animal-exit-dialog'));

/** A past animal's banner: how it left, and (members) 'Return to Herd'. */
export function ExitBanner({ animal, today }: { animal: Animal; today: string }) {
  const canEdit = useCan('member');
  const toast = useToast();
  const { undo } = useAnimalExit(animal.id);
  const [changing, setChanging] = useState(false);
  const currency = useQuery(profileQuery).data?.currency ?? 'USD';
  const exit = animal.exit;
  if (!exit) return null;
  const returnToHerd = async () => {
    try {
      await undo.mutateAsync();
      toast({ title: `${animal.name} is back in the herd` });
    } catch (error) {
      toast({
        title: 'Failed to return it to the herd.',
        description: errorMessage(error),
        variant: 'destructive',
      });
    }
  };
  return (
    <div role="status" className="space-y-2 rounded-md border border-stone-300 bg-stone-100 p-3 text-sm">
      <p className="font-semibold text-stone-900">{exitSummary(exit, currency)}</p>
      {exit.note && <p className="[overflow-wrap:anywhere] text-stone-700">{exit.note}</p>}
      <p className="text-stone-600">No longer in the herd: its records are kept.</p>
      {canEdit && (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => void returnToHerd()} disabled={undo.isPending}>
            <Undo2 aria-hidden className="size-4" />
            {undo.isPending ? 'Returning...' : 'Return to Herd'}
          </Button>
          <Button variant="secondary" onClick={() => setChanging(true)}>
            Change
          </Button>
        </div>
      )}
      {changing && (
        <ExitDialog
          fallback={null}
          animal={animal}
          kind={exit.kind}
          today={today}
          onClose={() => setChanging(false)}
        />
      )}
    </div>
  );
}

/** 'Leaving the herd': Owners and Members mark an animal in the herd as sold, died… */
export function LeaveHerdCard({ animal, today }: { animal: Animal; today: string }) {
  const canEdit = useCan('member');
  const [kind, setKind] = useState<ExitKind | null>(null);
  if (!canEdit || animal.exit) return null;
  return (
    <section aria-labelledby="leave-herd-heading" className={`${cardClasses} space-y-3`}>
      <h3 id="leave-herd-heading" className="flex items-center gap-2 font-semibold">
        <LogOut aria-hidden className="size-4" />
        Leaving the herd
      </h3>
      <p className="text-sm text-stone-600">
        Sold, died or gone: its records, pedigree and health record are kept.
      </p>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {exitKinds.map((one) => (
          <button
            key={one}
            type="button"
            onClick={() => setKind(one)}
            className={`${buttonBase} ${buttonClasses.secondary}`}
          >
            Mark as {exitKindLabels[one]}
          </button>
        ))}
      </div>
      {kind && (
        <ExitDialog fallback={null} animal={animal} kind={kind} today={today} onClose={() => setKind(null)} />
      )}
    </section>
  );
}
