// An animal leaving the herd (issue 28, decision 0043): on its page, Owners and Members 'Mark as
// Sold' (Died, Culled, Given Away, Lost) with a date, a note and a sale's price; a past animal says
// how it left, and 'Return to Herd' undoes a mistake. Selling or culling an animal that is not safe
// for meat asks first ('Not safe for meat until Dec 2 — record anyway?'). Its records all stay.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { LogOut, Undo2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { activeWithdrawals } from '../../../../shared/care/withdrawal';
import { shortDate } from '../../../../shared/care/dates';
import { exitSummary } from '../animal-display';
import {
  animalExitSchema,
  exitKindLabels,
  exitKinds,
  meatExits,
  type Animal,
  type AnimalExitInput,
  type ExitKind,
} from '../../../../shared/schemas/animals';
import { Button, buttonBase, buttonClasses } from '../../../components/ui/button';
import { cardClasses } from '../../../components/ui/card';
import { Dialog, DialogButtons } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toaster';
import { ApiError, errorMessage } from '../../../lib/api';
import { applyServerErrors, sameNames } from '../../../lib/form-errors';
import { useCan } from '../../../lib/farm';
import { profileQuery } from '../../../lib/profile';
import { useAnimalExit } from '../api/animals';

type Values = { date: string; note: string; price: string };

const schemaFor = (kind: ExitKind) =>
  z.pipe(
    z.pipe(
      z.custom<Values>(),
      z.transform((values): AnimalExitInput => ({
        kind,
        date: values.date,
        note: values.note,
        // blank: no price (a gift, a death); the schema's own message for anything else
        price: kind === 'sold' && values.price.trim() !== '' ? Number(values.price) : null,
      })),
    ),
    animalExitSchema,
  );

function ExitDialog({
  animal,
  kind,
  today,
  onClose,
}: {
  animal: Animal;
  kind: ExitKind;
  today: string;
  onClose: () => void;
}) {
  const toast = useToast();
  const { mark } = useAnimalExit(animal.id);
  const currency = useQuery(profileQuery).data?.currency ?? 'USD';
  const resolver = useMemo(() => zodResolver(schemaFor(kind)), [kind]);
  const before = animal.exit?.kind === kind ? animal.exit : null;
  const form = useForm<Values, unknown, z.output<typeof animalExitSchema>>({
    resolver,
    defaultValues: {
      date: before?.date ?? today,
      note: before?.note ?? '',
      price: before?.price != null ? String(before.price) : '',
    },
  });
  const { errors } = form.formState;
  /** a sale or cull of an animal not safe for meat on that day, waiting for 'Record anyway' */
  const [unsafe, setUnsafe] = useState<{ input: AnimalExitInput; until: string } | null>(null);
  const label = exitKindLabels[kind];

  const save = async (input: AnimalExitInput) => {
    try {
      await mark.mutateAsync(input);
      toast({ title: `${animal.name}: ${label.toLowerCase()}`, description: 'Its records are kept.' });
      onClose();
    } catch (error) {
      setUnsafe(null);
      const unplaced = applyServerErrors(error, form.setError, sameNames<Values>(['date', 'note', 'price']));
      if (error instanceof ApiError && error.fields && unplaced.length === 0) return;
      toast({
        title: 'Failed to record it. Please try again.',
        description: unplaced.join(' ') || errorMessage(error),
        variant: 'destructive',
      });
    }
  };
  const submit = form.handleSubmit(async (input) => {
    const meat = activeWithdrawals(animal.withdrawal, input.date).find((one) => one.kind === 'meat');
    if (meat && meatExits.includes(kind)) setUnsafe({ input, until: meat.until });
    else await save(input);
  });

  return (
    <Dialog
      open
      title={`Mark as ${label}`}
      message={
        unsafe
          ? `Not safe for meat until ${shortDate(unsafe.until)} — record anyway?`
          : `${animal.name} leaves the herd: its groups, lists and open reminders. Its records stay.`
      }
      busy={mark.isPending}
      onCancel={onClose}
    >
      {unsafe ? (
        <DialogButtons>
          <Button variant="secondary" onClick={() => setUnsafe(null)} disabled={mark.isPending} autoFocus>
            Go back
          </Button>
          <Button variant="destructive" onClick={() => void save(unsafe.input)} disabled={mark.isPending}>
            {mark.isPending ? 'Saving...' : 'Record anyway'}
          </Button>
        </DialogButtons>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
          <TextField
            label="Date"
            type="date"
            max={today}
            error={errors.date?.message}
            {...form.register('date')}
          />
          {kind === 'sold' && (
            <TextField
              label={`Price (${currency}, optional)`}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              error={errors.price?.message}
              {...form.register('price')}
            />
          )}
          <TextField
            label={kind === 'sold' || kind === 'given-away' ? 'Note (buyer, terms)' : 'Note (cause)'}
            autoComplete="off"
            maxLength={500}
            error={errors.note?.message}
            {...form.register('note')}
          />
          <DialogButtons>
            <Button variant="secondary" onClick={onClose} disabled={mark.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={mark.isPending}>
              {mark.isPending ? 'Saving...' : `Mark as ${label}`}
            </Button>
          </DialogButtons>
        </form>
      )}
    </Dialog>
  );
}

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
        <ExitDialog animal={animal} kind={exit.kind} today={today} onClose={() => setChanging(false)} />
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
      {kind && <ExitDialog animal={animal} kind={kind} today={today} onClose={() => setKind(null)} />}
    </section>
  );
}
