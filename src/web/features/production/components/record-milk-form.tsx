// 'Record Milk': one doe's milking (from her page) or several does' at once (a group's page, one
// amount per female, blank ones skipped), in the farm's milk unit. Withdrawal comes first: the does
// under a milk withdrawal on the day are asked for as the form opens (and again before saving if
// that answer has not come), each shown 'Discard: …' with a 'Discarded' amount that follows her
// milk until changed (discarded in part). With no signal the milking waits in the outbox and the
// server discards what it must when it syncs. One request, its record ids chosen once per form.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TriangleAlert, WifiOff } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useController, useForm, useWatch, type Resolver, type UseFormReturn } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { isCalendarDate } from '../../../../shared/schemas/common';
import type { MilkUnit, MilkWithdrawal } from '../../../../shared/schemas/milk';
import { Button, buttonBase, buttonClasses } from '../../../components/ui/button';
import { cardClasses } from '../../../components/ui/card';
import { TextareaField } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toaster';
import { LeaveGuardDialog, leaveGuardOff, useLeaveGuard } from '../../../hooks/use-leave-guard';
import { offlineMessage } from '../../../lib/api';
import { applyServerErrors } from '../../../lib/form-errors';
import { saveOrQueue, useOnline, waitingToSync } from '../../../lib/outbox';
import { milkWithdrawalQuery, useCreateMilkRecords, type MilkOwner } from '../api/milk';
import {
  defaultMilking,
  milkFieldFor,
  milkFormDefaults,
  milkFormSchema,
  type MilkFormOutput,
  type MilkFormValues,
} from '../milk-form-values';
import { pendingMilk } from '../pending-milk';
import { discardMessage, MilkAmountField, MilkingWhenFields } from './milk-display';

type Form = UseFormReturn<MilkFormValues, unknown, MilkFormOutput>;

/** One doe's amount, and (under withdrawal) the notice and her discarded part. */
function DoeFields({
  form,
  index,
  unit,
  single,
  withdrawal,
}: {
  form: Form;
  index: number;
  unit: MilkUnit;
  single: boolean;
  withdrawal: MilkWithdrawal | undefined;
}) {
  const { errors } = form.formState;
  const name = form.getValues(`does.${index}.name`);
  const amount = form.register(`does.${index}.amount`);
  const discardedPath = `does.${index}.discarded` as const;
  return (
    <div className="space-y-2">
      <MilkAmountField
        label={single ? `Amount (${unit})` : `${name} (${unit})`}
        error={errors.does?.[index]?.amount?.message}
        {...amount}
        onChange={(event) => {
          void amount.onChange(event);
          // all her milk is discarded until the user says less
          if (withdrawal && !form.getFieldState(discardedPath).isDirty)
            form.setValue(discardedPath, event.target.value);
        }}
      />
      {withdrawal && (
        <div className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3">
          <p className="flex gap-2 text-sm font-semibold text-amber-950">
            <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span className="min-w-0 [overflow-wrap:anywhere]">{discardMessage(withdrawal)}</span>
          </p>
          <MilkAmountField
            label={single ? `Discarded (${unit})` : `${name} discarded (${unit})`}
            hint="All her milk unless you discarded less"
            error={errors.does?.[index]?.discarded?.message}
            {...form.register(discardedPath)}
          />
        </div>
      )}
    </div>
  );
}

export function RecordMilkForm({
  owner,
  subject,
  does,
  today,
  timeZone,
  unit,
  backPath,
}: {
  /** the doe's page or the group's */
  owner: MilkOwner;
  /** the doe's or the group's name */
  subject: string;
  /** the doe, or the group's female animals, by name */
  does: { id: string; name: string }[];
  /** the farm's today, 'YYYY-MM-DD' */
  today: string;
  timeZone: string | undefined;
  /** the farm's milk unit: amounts are typed in it */
  unit: MilkUnit;
  /** where Cancel and a save go back to */
  backPath: string;
}) {
  const single = owner.kind === 'animal';
  const [, navigate] = useLocation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const create = useCreateMilkRecords();
  const online = useOnline();
  const [ids] = useState(() => does.map(() => crypto.randomUUID()));
  const form = useForm<MilkFormValues, unknown, MilkFormOutput>({
    // the schema knows which does are under withdrawal, found after the form opens (below)
    resolver: (values, context, options) => resolver(values, context, options),
    defaultValues: milkFormDefaults(today, defaultMilking(timeZone), does),
  });
  const { errors, isDirty, isSubmitting } = form.formState;
  const milking = useController({ control: form.control, name: 'milking' });
  const guard = useLeaveGuard(isDirty);
  const milkedOn = useWatch({ control: form.control, name: 'milkedOn' });
  const day = isCalendarDate(milkedOn) ? milkedOn : null;

  // withdrawal first: asked as soon as the day is known (not offline: the server decides then)
  const withdrawal = useQuery({
    ...milkWithdrawalQuery(owner, day ?? today),
    enabled: online && day !== null,
  });
  const withdrawn = useMemo(
    () => new Map((withdrawal.data ?? []).map((item) => [item.animalId, item])),
    [withdrawal.data],
  );
  const resolver: Resolver<MilkFormValues, unknown, MilkFormOutput> = zodResolver(
    milkFormSchema({
      unit,
      groupId: single ? null : owner.id,
      ids,
      withdrawn: new Set(withdrawn.keys()),
      single,
    }),
  );
  useEffect(() => {
    // a doe found under withdrawal: all her milk typed so far is discarded, unless changed by hand
    form.getValues('does').forEach((doe, index) => {
      const path = `does.${index}.discarded` as const;
      if (withdrawn.has(doe.animalId) && !form.getFieldState(path).isDirty) form.setValue(path, doe.amount);
    });
  }, [withdrawn, form]);

  const submit = form.handleSubmit(async ({ input, sent }) => {
    if (online && !withdrawal.isSuccess && input.milkedOn) {
      // the check had not answered: ask now, and let the user see what it finds before saving
      const found = await queryClient
        .fetchQuery(milkWithdrawalQuery(owner, input.milkedOn))
        .catch(() => [] as MilkWithdrawal[]);
      const affected = found.filter((item) =>
        input.records.some((record) => record.animalId === item.animalId),
      );
      if (affected.length) {
        toast({
          title: 'Check the milk to discard, then save again',
          description: affected.map(discardMessage).join(' '),
        });
        return;
      }
    }
    try {
      const saved = await saveOrQueue(pendingMilk(input, unit, subject), () => create.mutateAsync(input));
      const discarded = saved.queued ? [] : saved.result.withdrawal;
      toast({
        title: 'Milk recorded',
        description: saved.queued
          ? waitingToSync
          : discarded.length
            ? `Stored as discarded. ${discarded.map(discardMessage).join(' ')}`
            : undefined,
      });
      await guard.allowLeave();
      navigate(backPath, { replace: true });
    } catch (error) {
      const unplaced = applyServerErrors(error, form.setError, milkFieldFor(sent));
      toast({
        title: 'Failed to record milk. Please try again.',
        description: offlineMessage(error) ?? (unplaced.join(' ') || undefined),
        variant: 'destructive',
      });
    }
  });

  const doesError = errors.does?.message ?? errors.does?.root?.message;

  return (
    <section aria-labelledby="record-milk-heading" className={`${cardClasses} space-y-4`}>
      <div>
        <h2 id="record-milk-heading" className="text-lg font-semibold">
          Record Milk
        </h2>
        <p className="text-sm break-words text-stone-600">
          {single ? 'For ' : 'Group: '}
          <span className="font-medium text-stone-800">{subject}</span>
        </p>
      </div>
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        <MilkingWhenFields
          date={form.register('milkedOn')}
          dateError={errors.milkedOn?.message}
          today={today}
          milking={milking.field}
        />
        {!online && (
          <p role="status" className="flex gap-2 rounded-lg bg-stone-100 p-3 text-sm text-stone-700">
            <WifiOff aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>
              You are offline: the withdrawal check waits for the signal. Milk of a doe under a milk
              withdrawal is stored as discarded when it syncs.
            </span>
          </p>
        )}
        {single ? (
          <DoeFields form={form} index={0} unit={unit} single withdrawal={withdrawn.get(does[0]!.id)} />
        ) : (
          <fieldset aria-describedby="milk-does-hint" className="space-y-3">
            <legend className="text-sm font-medium text-stone-800">Amount ({unit})</legend>
            <p id="milk-does-hint" className="text-xs text-stone-600">
              One field per female animal; leave a doe blank to skip her.
            </p>
            {does.map((doe, index) => (
              <DoeFields
                key={doe.id}
                form={form}
                index={index}
                unit={unit}
                single={false}
                withdrawal={withdrawn.get(doe.id)}
              />
            ))}
            {doesError && (
              <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
                {doesError}
              </p>
            )}
          </fieldset>
        )}
        {single && (
          <TextareaField
            label="Note"
            maxLength={1000}
            error={errors.note?.message}
            {...form.register('note')}
          />
        )}
        <div className="flex gap-2 pt-2">
          {/* Cancel leaves on purpose: no question */}
          <Link
            href={backPath}
            {...leaveGuardOff}
            onClick={(event) => {
              event.preventDefault();
              void guard.allowLeave().then(() => navigate(backPath));
            }}
            className={`${buttonBase} ${buttonClasses.secondary} flex-1`}
          >
            Cancel
          </Link>
          <Button type="submit" disabled={isSubmitting} className="flex-1">
            {isSubmitting ? 'Saving...' : 'Save Milk'}
          </Button>
        </div>
      </form>
      <LeaveGuardDialog {...guard.dialog} />
    </section>
  );
}
