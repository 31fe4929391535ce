// /reminders/new (?animalId= or ?groupId= chooses who it is for): a reminder of the farmer's own
// (general, feeding, routine care) for one animal or a whole group, once or repeating. The form is
// features/reminders' ReminderForm (shared with Edit Reminder).
import { useQuery } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'wouter';
import { BackButton } from '../../components/back-button';
import { Loading, LoadError } from '../../components/page-states';
import { cardClasses } from '../../components/ui/card';
import { animalsQuery } from '../../features/animals/api/animals';
import { groupsQuery } from '../../features/groups/api/groups';
import { ReminderForm } from '../../features/reminders/components/reminder-form';
import { useFarmToday } from '../../hooks/use-farm-today';
import { useAwaitingNamed } from '../../lib/awaiting-server';

export default function NewReminderPage() {
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const animals = useQuery(animalsQuery);
  const groups = useQuery(groupsQuery);
  const { today, ready } = useFarmToday();
  const animalId = params.get('animalId');
  const groupId = params.get('groupId');
  // the form chooses who it is for once: from the server's list, when the list on hand lacks them
  const named = useAwaitingNamed([animalId, animals], [groupId, groups]);

  if (animals.isPending || groups.isPending || !ready || named) return <Loading />;
  if (animals.isError) return <LoadError error={animals.error} onRetry={() => void animals.refetch()} />;
  if (groups.isError) return <LoadError error={groups.error} onRetry={() => void groups.refetch()} />;

  // only an animal or group of this farm counts as chosen (and as the page to go back to)
  const animal = animals.data.find((item) => item.id === animalId);
  const group = groups.data.find((item) => item.id === groupId);
  const preselected = animal ? { animalId: animal.id } : group ? { groupId: group.id } : null;
  const backHref = animal ? `/animal/${animal.id}` : group ? `/group/${group.id}` : '/reminders';

  return (
    <div className="space-y-2">
      <BackButton fallback={backHref} />
      <section aria-labelledby="new-reminder-heading" className={`${cardClasses} space-y-4`}>
        <div className="space-y-1">
          <h2 id="new-reminder-heading" className="text-lg font-semibold">
            Add New Reminder
          </h2>
          <p className="text-sm text-stone-600">For feeding, routine care or anything else. It can repeat.</p>
        </div>
        <ReminderForm
          animals={animals.data}
          groups={groups.data}
          today={today}
          preselected={preselected}
          cancelHref={backHref}
          onDone={() => navigate(backHref)}
        />
      </section>
    </div>
  );
}
