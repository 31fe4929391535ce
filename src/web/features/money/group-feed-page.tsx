// /group/:groupId/feed, a group's 'Feed' (issue 28 item 5): the feed bought for it over the last 12
// months, month by month and purchase by purchase, and what it costs per animal per day. Members
// only (the router's membersOnly): feed is money.
import { formatUsDate } from '../../lib/dates';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { BackButton } from '../../components/back-button';
import { isNotFound, Loading, LoadError, NotFound } from '../../components/page-states';
import { buttonBase, buttonClasses } from '../../components/ui/button';
import { cardClasses } from '../../components/ui/card';
import { groupFeedQuery, moneyGroupsQuery } from './api/money';
import { formatMoney, monthLabel } from './money-display';

export default function GroupFeedPage() {
  const { groupId = '' } = useParams<{ groupId: string }>();
  const feed = useQuery(groupFeedQuery(groupId));
  const groups = useQuery(moneyGroupsQuery);
  const name = groups.data?.find((group) => group.id === groupId)?.name;

  if (feed.isPending) return <Loading>Loading feed...</Loading>;
  if (feed.isError) {
    if (isNotFound(feed.error)) return <NotFound title="Group not found" />;
    return <LoadError error={feed.error} onRetry={() => void feed.refetch()} />;
  }
  const { currency, total, animals, days, costPerAnimalPerDay, purchases, byMonth } = feed.data;
  return (
    <div className="space-y-4">
      <BackButton fallback={`/group/${groupId}`} />
      <section aria-labelledby="feed-heading" className={`${cardClasses} space-y-3`}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="feed-heading" className="text-lg font-semibold">
            Feed{name ? ` for ${name}` : ''}
          </h2>
          <Link
            href={`/money/new?kind=expense&category=Feed&groupId=${groupId}`}
            className={`${buttonBase} ${buttonClasses.secondary}`}
          >
            <Plus aria-hidden className="size-4" />
            Add Feed
          </Link>
        </div>
        <p className="text-sm text-stone-600">
          {feed.data.from} to {feed.data.to}: feed expenses filed under this group.
        </p>
        <dl className="grid grid-cols-2 gap-2">
          <div className="rounded-lg bg-stone-50 p-3">
            <dt className="text-xs text-stone-600">Feed bought</dt>
            <dd className="text-lg font-semibold tabular-nums">{formatMoney(total, currency)}</dd>
          </div>
          <div className="rounded-lg bg-stone-50 p-3">
            <dt className="text-xs text-stone-600">
              Cost per animal per day ({animals} animals, {days} days)
            </dt>
            <dd className="text-lg font-semibold tabular-nums">
              {costPerAnimalPerDay === null ? '–' : formatMoney(costPerAnimalPerDay, currency, 4)}
            </dd>
          </div>
        </dl>
      </section>
      <section aria-labelledby="feed-purchases-heading" className={`${cardClasses} space-y-2`}>
        <h2 id="feed-purchases-heading" className="font-semibold">
          Purchases
        </h2>
        {purchases.length === 0 ? (
          <p className="text-sm text-stone-600">
            No feed bought for this group yet: add an expense in the Feed category for it.
          </p>
        ) : (
          <ul className="divide-y divide-stone-100">
            {purchases.map((purchase) => (
              <li key={purchase.id} className="flex items-start justify-between gap-3 py-2">
                <div className="min-w-0">
                  <p className="font-medium">{formatUsDate(purchase.occurredOn)}</p>
                  <p className="text-sm [overflow-wrap:anywhere] text-stone-600">
                    {[
                      purchase.quantity !== null
                        ? `${purchase.quantity} ${purchase.quantityUnit ?? ''}`.trim()
                        : null,
                      purchase.note,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
                <Link
                  href={`/money/${purchase.id}/edit`}
                  className="shrink-0 font-semibold text-brand-700 tabular-nums underline"
                  aria-label={`Edit the feed bought on ${purchase.occurredOn}`}
                >
                  {formatMoney(purchase.amount, currency)}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="feed-months-heading" className={`${cardClasses} space-y-2`}>
        <h2 id="feed-months-heading" className="font-semibold">
          By month
        </h2>
        <table className="w-full text-left text-sm">
          <thead className="text-stone-600">
            <tr>
              <th scope="col" className="py-1 pr-2 font-medium">
                Month
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Feed bought
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {byMonth.map((row) => (
              <tr key={row.month}>
                <th scope="row" className="py-1 pr-2 font-normal">
                  {monthLabel(row.month)}
                </th>
                <td className="py-1 text-right tabular-nums">{formatMoney(row.amount, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
