// The dialog that marks an animal as gone (animal-exit.tsx opens it): a date, a note and a sale's
// price, checked against the meat withdrawal. Its code, with the form libraries, comes only when
// it opens: an animal's page does not load them to be shown (decision 0054).
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { activeWithdrawals } from '../../../../shared/care/withdrawal';
import { shortDate } from '../../../../shared/care/dates';
import {
  animalExitSchema,
  exitKindLabels,
  meatExits,
  type Animal,
  type AnimalExitInput,
  type ExitKind,
} from '../../../../shared/schemas/animals';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogButtons } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toaster';
import { ApiError, errorMessage } from '../../../lib/api';
import { applyServerErrors, sameNames } from '../../../lib/form-errors';
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

export default function ExitDialog({
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
