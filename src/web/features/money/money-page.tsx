// /money, the Money page (issue 28 item 4): for a chosen period, the farm's (or one group's)
// money in, out and net; by month as a chart or a table; by category; per group; the cost per
// dozen eggs and per unit of milk where there are eggs or milk; and every entry, newest first,
// with 'Show more'. Owners and Members only: the router sends a Farm Sitter away.
import { formatUsDate } from '../../lib/dates';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ChartColumn, Plus, Table } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Loading, LoadError } from '../../components/page-states';
import { buttonBase, buttonClasses } from '../../components/ui/button';
import { cardClasses } from '../../components/ui/card';
import { SelectField, TextField } from '../../components/ui/field';
import { SegmentedToggle } from '../../components/ui/segmented-toggle';
import { useFarmToday } from '../../hooks/use-farm-today';
import type { MilkUnit } from '../../../shared/schemas/milk';
import type { Currency, MoneyEntry, MoneySummary } from '../../../shared/schemas/money';
import { moneyGroupsQuery, moneyPagesQuery, moneySummaryQuery, type Period } from './api/money';
import { MonthChart, MonthTable } from './components/month-chart';
import { formatMoney, periodChoices, periodLabels, periodOf, type PeriodChoice } from './money-display';
import { formatNumber } from '../../../shared/units/numbers';

const shownStep = 20;

/** 'Cost per lb of milk', not 'per lbs' */
const milkUnitSingular: Record<MilkUnit, string> = { lbs: 'lb', kg: 'kg', L: 'L', gal: 'gal' };

function Figure({ label, value, tone }: { label: string; value: string; tone?: string }) {
  return (
    <div className="rounded-lg bg-stone-50 p-3">
      <dt className="text-xs text-stone-600">{label}</dt>
      <dd className={`text-lg font-semibold tabular-nums ${tone ?? ''}`}>{value}</dd>
    </div>
  );
}

function Totals({ summary }: { summary: MoneySummary }) {
  const { currency, totals, eggs, milk } = summary;
  return (
    <section aria-labelledby="totals-heading" className={`${cardClasses} space-y-3`}>
      <h2 id="totals-heading" className="font-semibold">
        Totals
      </h2>
      <dl className="grid grid-cols-3 gap-2">
        <Figure label="In" value={formatMoney(totals.income, currency)} tone="text-green-800" />
        <Figure label="Out" value={formatMoney(totals.expenses, currency)} tone="text-amber-800" />
        <Figure label="Net" value={formatMoney(totals.net, currency)} />
      </dl>
      {(eggs || milk) && (
        <dl className="grid grid-cols-2 gap-2">
          {eggs && (
            <Figure
              label={`Cost per dozen eggs (${formatNumber(eggs.eggs)} eggs)`}
              value={formatMoney(eggs.costPerDozen, currency)}
            />
          )}
          {milk && (
            <Figure
              label={`Cost per ${milkUnitSingular[milk.unit]} of milk (${formatNumber(milk.amount)} ${milk.unit})`}
              value={formatMoney(milk.costPerUnit, currency)}
            />
          )}
        </dl>
      )}
      {summary.groupId === null && (eggs || milk) && (
        <p className="text-xs text-stone-600">
          The whole farm’s expenses over its eggs and milk: choose a group for its own cost.
        </p>
      )}
    </section>
  );
}

function ByMonth({ summary }: { summary: MoneySummary }) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  return (
    <section aria-labelledby="by-month-heading" className={`${cardClasses} space-y-3`}>
      <div className="flex items-center justify-between gap-2">
        <h2 id="by-month-heading" className="font-semibold">
          By month
        </h2>
        <SegmentedToggle
          label="Show money by month as"
          compact
          options={[
            { value: 'chart', label: 'Chart', Icon: ChartColumn },
            { value: 'table', label: 'Table', Icon: Table },
          ]}
          value={view}
          onChange={setView}
        />
      </div>
      {view === 'chart' ? (
        <MonthChart months={summary.byMonth} currency={summary.currency} />
      ) : (
        <MonthTable months={summary.byMonth} currency={summary.currency} />
      )}
    </section>
  );
}

function Breakdown({
  title,
  rows,
  currency,
}: {
  title: string;
  rows: { key: string; label: string; income: number; expenses: number }[];
  currency: Currency;
}) {
  const id = `${title.toLowerCase().replace(/\W+/g, '-')}-heading`;
  return (
    <section aria-labelledby={id} className={`${cardClasses} space-y-2`}>
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-stone-600">Nothing in this period.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead className="text-stone-600">
            <tr>
              <th scope="col" className="py-1 pr-2 font-medium">
                {title === 'By category' ? 'Category' : 'Group'}
              </th>
              <th scope="col" className="py-1 pr-2 text-right font-medium">
                In
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Out
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className="py-1 pr-2 font-normal [overflow-wrap:anywhere]">
                  {row.label}
                </th>
                <td className="py-1 pr-2 text-right tabular-nums">
                  {row.income ? formatMoney(row.income, currency) : '–'}
                </td>
                <td className="py-1 text-right tabular-nums">
                  {row.expenses ? formatMoney(row.expenses, currency) : '–'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function EntryRow({ entry, currency }: { entry: MoneyEntry; currency: Currency }) {
  const what = [
    entry.groupName ?? entry.animalName,
    entry.quantity !== null ? `${entry.quantity} ${entry.quantityUnit ?? ''}`.trim() : null,
    entry.note,
  ]
    .filter(Boolean)
    .join(' · ');
  const sign = entry.kind === 'income' ? '+' : '−';
  const body = (
    <div className="flex items-start justify-between gap-3">
      <div className="min-w-0">
        <p className="font-medium">
          {entry.category}{' '}
          <span className="text-sm font-normal text-stone-600">{formatUsDate(entry.occurredOn)}</span>
        </p>
        {what && <p className="text-sm [overflow-wrap:anywhere] text-stone-600">{what}</p>}
        {entry.source === 'medicine' && (
          <p className="text-xs text-stone-500">From the medicine cabinet: change it there</p>
        )}
        {entry.animalSaleOf && <p className="text-xs text-stone-500">Sale: change it on the animal’s page</p>}
      </div>
      <p
        className={`shrink-0 font-semibold tabular-nums ${entry.kind === 'income' ? 'text-green-800' : 'text-amber-800'}`}
      >
        {sign}
        {formatMoney(entry.amount, currency)}
      </p>
    </div>
  );
  if (entry.source === 'medicine')
    return (
      <li className="py-2">
        <Link href={`/medicines/${entry.medicineId}/lots/${entry.id}`} className="block hover:bg-stone-50">
          {body}
        </Link>
      </li>
    );
  if (entry.animalSaleOf)
    return (
      <li className="py-2">
        <Link href={`/animal/${entry.animalSaleOf}`} className="block hover:bg-stone-50">
          {body}
        </Link>
      </li>
    );
  return (
    <li className="py-2">
      <Link
        href={`/money/${entry.id}/edit`}
        className="block hover:bg-stone-50"
        aria-label={`Edit ${entry.category} ${formatMoney(entry.amount, currency)} on ${entry.occurredOn}`}
      >
        {body}
      </Link>
    </li>
  );
}

function Entries({ period, groupId, currency }: { period: Period; groupId: string; currency: Currency }) {
  const list = useInfiniteQuery(moneyPagesQuery(period, groupId || undefined));
  const [shown, setShown] = useState(shownStep);
  if (list.isPending) return <Loading place="section">Loading entries...</Loading>;
  if (list.isError) return <LoadError error={list.error} onRetry={() => void list.refetch()} look="inline" />;
  const entries = list.data.pages.flatMap((page) => page.items);
  return (
    <section aria-labelledby="entries-heading" className={`${cardClasses} space-y-2`}>
      <h2 id="entries-heading" className="font-semibold">
        Entries
      </h2>
      {entries.length === 0 ? (
        <p className="text-sm text-stone-600">No money recorded in this period.</p>
      ) : (
        <ul className="divide-y divide-stone-100">
          {entries.slice(0, shown).map((entry) => (
            <EntryRow key={`${entry.source}-${entry.id}`} entry={entry} currency={currency} />
          ))}
        </ul>
      )}
      {(shown < entries.length || list.hasNextPage) && (
        <button
          type="button"
          onClick={() => {
            if (shown >= entries.length) void list.fetchNextPage();
            setShown(shown + shownStep);
          }}
          disabled={list.isFetchingNextPage}
          className={`${buttonBase} ${buttonClasses.secondary} w-full`}
        >
          {list.isFetchingNextPage ? 'Loading...' : 'Show more'}
        </button>
      )}
    </section>
  );
}

export default function MoneyPage() {
  const { today, ready } = useFarmToday();
  const [choice, setChoice] = useState<PeriodChoice>('this-year');
  const [custom, setCustom] = useState<Period>({ from: `${today.slice(0, 4)}-01-01`, to: today });
  const [groupId, setGroupId] = useState('');
  const period = periodOf(choice, today, custom);
  const validPeriod = Boolean(period.from && period.to && period.from <= period.to);
  const summary = useQuery({
    ...moneySummaryQuery(period, groupId || undefined),
    enabled: ready && validPeriod,
  });
  const groups = useQuery(moneyGroupsQuery);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold">Money</h2>
        <div className="flex gap-2">
          <Link href="/money/new?kind=expense" className={`${buttonBase} ${buttonClasses.primary}`}>
            <Plus aria-hidden className="size-4" />
            Add Expense
          </Link>
          <Link href="/money/new?kind=income" className={`${buttonBase} ${buttonClasses.secondary}`}>
            <Plus aria-hidden className="size-4" />
            Add Income
          </Link>
        </div>
      </div>
      <section aria-label="Period" className={`${cardClasses} grid gap-3 sm:grid-cols-2 lg:grid-cols-4`}>
        <SelectField
          label="Period"
          value={choice}
          onChange={(event) => setChoice(event.target.value as PeriodChoice)}
        >
          {periodChoices.map((value) => (
            <option key={value} value={value}>
              {periodLabels[value]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Group" value={groupId} onChange={(event) => setGroupId(event.target.value)}>
          <option value="">Whole farm</option>
          {groups.data?.map((group) => (
            <option key={group.id} value={group.id}>
              {group.name}
            </option>
          ))}
        </SelectField>
        {choice === 'custom' && (
          <>
            <TextField
              label="From"
              type="date"
              value={custom.from}
              onChange={(event) => setCustom({ ...custom, from: event.target.value })}
            />
            <TextField
              label="To"
              type="date"
              value={custom.to}
              error={validPeriod ? undefined : 'The end cannot be before the start'}
              onChange={(event) => setCustom({ ...custom, to: event.target.value })}
            />
          </>
        )}
      </section>
      {!ready || (validPeriod && summary.isPending) ? (
        <Loading place="section">Loading money...</Loading>
      ) : summary.isError ? (
        <LoadError error={summary.error} onRetry={() => void summary.refetch()} />
      ) : summary.data ? (
        <div className="space-y-4 lg:grid lg:grid-cols-2 lg:items-start lg:gap-4 lg:space-y-0">
          <div className="space-y-4">
            <Totals summary={summary.data} />
            <ByMonth summary={summary.data} />
          </div>
          <div className="space-y-4">
            <Breakdown
              title="By category"
              currency={summary.data.currency}
              rows={summary.data.byCategory.map((row) => ({
                key: `${row.kind}-${row.category}`,
                label: row.category,
                income: row.kind === 'income' ? row.amount : 0,
                expenses: row.kind === 'expense' ? row.amount : 0,
              }))}
            />
            <Breakdown
              title="Per group"
              currency={summary.data.currency}
              rows={summary.data.byGroup.map((row) => ({
                key: row.groupId ?? 'none',
                label: row.groupName ?? 'No group',
                income: row.income,
                expenses: row.expenses,
              }))}
            />
            <Entries period={period} groupId={groupId} currency={summary.data.currency} />
          </div>
        </div>
      ) : null}
    </div>
  );
}
