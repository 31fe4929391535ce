// 'Not safe for meat until Mar 8' (milk, eggs likewise; '… (organic)' when the period was doubled
// under organic rules): an animal's withdrawals still running on the farm's today, by the shared
// rule (shared/care/withdrawal.ts). Nothing when there is none.
import { TriangleAlert } from 'lucide-react';
import { activeWithdrawals, withdrawalBadge, type WithdrawalEnds } from '../../../../shared/care/withdrawal';

export function WithdrawalBadges({
  withdrawal,
  today,
}: {
  withdrawal: WithdrawalEnds | null;
  today: string;
}) {
  const active = activeWithdrawals(withdrawal, today);
  if (!active.length) return null;
  return (
    <ul aria-label="Withdrawal" className="flex flex-wrap gap-2">
      {active.map((item) => (
        <li
          key={item.kind}
          className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-950 ring-1 ring-amber-300"
        >
          <TriangleAlert aria-hidden className="size-3.5 shrink-0" />
          {withdrawalBadge(item)}
        </li>
      ))}
    </ul>
  );
}
