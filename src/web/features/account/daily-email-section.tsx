// Account → 'Daily reminder email' (off by default): at 07:00 in the farm's time zone, one email of
// the reminders due today and overdue, on mornings when there are any.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { cardClasses } from '../../components/ui/card';
import { useToast } from '../../components/ui/toaster';
import { offlineMessage } from '../../lib/api';
import { dailyEmailQuery, useSetDailyEmail } from './api/daily-email';

export function DailyEmailSection() {
  const choice = useQuery(dailyEmailQuery);
  const save = useSetDailyEmail();
  const toast = useToast();
  // The choice is shown from the click itself: the mutation's pending state arrives a tick later,
  // and React would put the controlled box back in between (a test once caught it unchanged).
  const [chosen, setChosen] = useState<boolean | null>(null);
  const enabled = chosen ?? choice.data?.enabled ?? false;

  const change = async (next: boolean) => {
    setChosen(next);
    try {
      await save.mutateAsync(next);
      toast({ title: next ? 'Daily reminder email on' : 'Daily reminder email off' });
    } catch (error) {
      toast({
        title: 'Failed to save the email setting. Please try again.',
        description: offlineMessage(error),
        variant: 'destructive',
      });
    } finally {
      setChosen(null);
    }
  };

  return (
    <section aria-labelledby="daily-email-heading" className={`${cardClasses} space-y-3`}>
      <h2 id="daily-email-heading" className="text-lg font-semibold">
        Daily reminder email
      </h2>
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-5 accent-green-800"
          checked={enabled}
          disabled={choice.isPending || save.isPending}
          onChange={(event) => void change(event.target.checked)}
        />
        <span>
          <span className="font-medium">Email me each morning</span>
          <span className="block text-stone-600">
            At 7:00 in your farm&apos;s time zone, a list of the reminders due today and overdue — only on
            days when something is due.
          </span>
        </span>
      </label>
    </section>
  );
}
