// /money/new?kind=expense|income ('Add Expense', 'Add Income') and /money/:id/edit ('Edit', with
// Delete asked first). An animal's sale and the cabinet's stock are changed where they come from;
// their edit page says so. Members only (the router's membersOnly).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { BackButton, useGoBack } from '../../components/back-button';
import { isNotFound, Loading, LoadError, NotFound } from '../../components/page-states';
import { useAwaitingServer } from '../../lib/awaiting-server';
import { Button } from '../../components/ui/button';
import { cardClasses } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/dialog';
import { useToast } from '../../components/ui/toaster';
import { useFarmToday } from '../../hooks/use-farm-today';
import { errorMessage } from '../../lib/api';
import { profileQuery } from '../../lib/profile';
import type { MoneyEntry } from '../../../shared/schemas/money';
import { moneyEntryQuery, useDeleteMoneyEntry } from './api/money';
import { MoneyForm } from './components/money-form';
import { formatMoney } from './money-display';

const moneyPage = '/money';

function DeleteEntry({ entry, noun }: { entry: MoneyEntry; noun: string }) {
  const toast = useToast();
  const [, navigate] = useLocation();
  const [asking, setAsking] = useState(false);
  const remove = useDeleteMoneyEntry();
  const confirm = async () => {
    try {
      await remove.mutateAsync(entry.id);
      toast({ title: `${noun} deleted` });
      navigate(moneyPage);
    } catch (error) {
      setAsking(false);
      toast({
        title: `Could not delete the ${noun.toLowerCase()}`,
        description: errorMessage(error),
        variant: 'destructive',
      });
    }
  };
  return (
    <div className="border-t border-stone-200 pt-4">
      <Button variant="ghost" className="text-red-700" onClick={() => setAsking(true)}>
        Delete
      </Button>
      <ConfirmDialog
        open={asking}
        title={`Delete this ${noun.toLowerCase()}?`}
        message={`${entry.category}, ${entry.occurredOn}, is deleted from the farm’s money.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => void confirm()}
      />
    </div>
  );
}

export default function MoneyFormPage() {
  const { id } = useParams<{ id?: string }>();
  const search = new URLSearchParams(useSearch());
  const entry = useQuery({ ...moneyEntryQuery(id ?? ''), enabled: id !== undefined });
  const profile = useQuery(profileQuery);
  // the form keeps the entry as it was drawn: the server's, not an older copy's
  const fromCopy = useAwaitingServer(entry);
  const { today } = useFarmToday();
  const goBack = useGoBack(moneyPage);
  const [, navigate] = useLocation();

  if (profile.isPending || (id && entry.isPending) || fromCopy) return <Loading />;
  if (profile.isError) return <LoadError error={profile.error} onRetry={() => void profile.refetch()} />;
  if (id && entry.isError) {
    if (isNotFound(entry.error)) return <NotFound title="Entry not found" />;
    return <LoadError error={entry.error} onRetry={() => void entry.refetch()} />;
  }
  const editing = id ? entry.data : undefined;
  const kind = editing?.kind ?? (search.get('kind') === 'income' ? 'income' : 'expense');
  const noun = kind === 'expense' ? 'Expense' : 'Income';
  const { currency } = profile.data;
  return (
    <div className="space-y-2">
      <BackButton fallback={moneyPage} />
      <section aria-labelledby="money-form-heading" className={`${cardClasses} space-y-4`}>
        <div className="space-y-1">
          <h2 id="money-form-heading" className="text-lg font-semibold">
            {editing ? `Edit ${noun}` : `Add ${noun}`}
          </h2>
          {editing && (
            <p className="text-sm text-stone-600">
              {editing.category}, {formatMoney(editing.amount, currency)}
            </p>
          )}
        </div>
        {editing?.animalSaleOf ? (
          <p className="text-sm text-stone-700">
            This is the income of an animal’s sale: change or undo the sale on{' '}
            <Link href={`/animal/${editing.animalSaleOf}`} className="text-brand-700 underline">
              the animal’s page
            </Link>
            .
          </p>
        ) : (
          <>
            <MoneyForm
              key={editing?.updatedAt ?? kind}
              kind={kind}
              entry={editing}
              // 'Add Feed' from a group's Feed view: its group and the Feed category chosen
              preset={{ category: search.get('category'), groupId: search.get('groupId') }}
              currency={currency}
              today={today}
              onDone={() => navigate(moneyPage)}
              onCancel={goBack}
            />
            {editing && <DeleteEntry entry={editing} noun={noun} />}
          </>
        )}
      </section>
    </div>
  );
}
