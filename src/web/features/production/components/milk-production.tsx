// The Production page's milk (a group's does, one doe, or the farm's): today's and this week's milk,
// saleable and discarded apart; per doe her last milking, 7-day average, days in milk and this
// lactation's total; the last 30 days by day as a chart with a table beside it; and the records.
// Every amount is in the farm's milk unit (the server converts the summary; the records convert here).
import { useQuery } from '@tanstack/react-query';
import { ClipboardList, Milk } from 'lucide-react';
import { Link } from 'wouter';
import { shortDate } from '../../../../shared/care/dates';
import type { DoeProduction, MilkProduction, MilkUnit } from '../../../../shared/schemas/milk';
import { roundMilk } from '../../../../shared/units/milk';
import { LoadError, Loading } from '../../../components/page-states';
import { buttonBase, buttonClasses } from '../../../components/ui/button';
import { ShowAsTable } from '../../../components/ui/show-as-table';
import { WaitingChanges } from '../../../components/waiting-changes';
import { usDate } from '../../../lib/dates';
import { milkProductionQuery, type MilkScope } from '../api/milk';
import { BarChart, BarTable, type Bar, type BarSegment } from './bar-chart';
import { DoeFigures, milkText } from './milk-display';
import { MilkRecordsList } from './milk-records-list';
import { ProductionSection } from './production-section';

type Amounts = { saleable: number; discarded: number };

/** 'Today' or 'This week': the saleable milk large, the discarded under it. */
function Total({ label, amounts, unit }: { label: string; amounts: Amounts; unit: MilkUnit }) {
  return (
    <div className="rounded-lg bg-stone-50 p-3">
      <dt className="text-sm font-medium text-stone-600">{label}</dt>
      <dd className="text-xl font-semibold text-stone-900">
        {milkText(amounts.saleable, unit)}{' '}
        <span className="text-sm font-normal text-stone-600">saleable</span>
      </dd>
      <dd className={`text-sm ${amounts.discarded ? 'font-medium text-amber-900' : 'text-stone-600'}`}>
        {milkText(amounts.discarded, unit)} discarded
      </dd>
    </div>
  );
}

/** The does' milk added up day by day (the summary gives each doe's last 30 days, every day present). */
export function milkByDay(does: DoeProduction[]): { date: string; saleable: number; discarded: number }[] {
  const days = new Map<string, Amounts>();
  for (const doe of does)
    for (const day of doe.byDay) {
      const sum = days.get(day.date) ?? { saleable: 0, discarded: 0 };
      days.set(day.date, {
        saleable: roundMilk(sum.saleable + day.saleable),
        discarded: roundMilk(sum.discarded + day.discarded),
      });
    }
  return [...days].sort(([a], [b]) => a.localeCompare(b)).map(([date, amounts]) => ({ date, ...amounts }));
}

const milkSegments: BarSegment[] = [
  { name: 'Saleable', color: '#4d7c0f' },
  { name: 'Discarded', color: '#b45309' },
];

/** The last 30 days as bars (saleable under discarded), and as a table behind 'Show as table'. */
function MilkByDay({ does, unit }: { does: DoeProduction[]; unit: MilkUnit }) {
  const days = milkByDay(does);
  const bars: Bar[] = days.map((day) => ({
    key: day.date,
    label: usDate(day.date),
    axis: shortDate(day.date),
    segments: [day.saleable, day.discarded],
  }));
  const total = (part: 'saleable' | 'discarded') => roundMilk(days.reduce((sum, day) => sum + day[part], 0));
  const format = (value: number) => milkText(value, unit);
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-stone-800">Last 30 days</h3>
      <BarChart
        bars={bars}
        segments={milkSegments}
        unit={unit}
        maxLabels={4}
        label={`Milk by day, the last 30 days, in ${unit}: ${format(total('saleable'))} saleable, ${format(total('discarded'))} discarded.`}
      />
      <ShowAsTable>
        <BarTable
          bars={bars}
          segments={milkSegments}
          caption={`Milk by day, in ${unit}`}
          heading="Day"
          format={format}
        />
      </ShowAsTable>
    </div>
  );
}

function Summary({ production, scope }: { production: MilkProduction; scope: MilkScope }) {
  const { unit, does } = production;
  // a doe's own page names her once, above: her row needs no heading of its own
  const oneDoe = scope.animalId !== undefined;
  return (
    <>
      <dl className="grid grid-cols-2 gap-2">
        <Total label="Today" amounts={production.todayTotals} unit={unit} />
        <Total label="This week" amounts={production.week} unit={unit} />
      </dl>
      {does.length === 0 ? (
        <p className="text-sm text-stone-600">No milk recorded yet.</p>
      ) : (
        <>
          <ul aria-label="Does" className="space-y-3">
            {does.map((doe) => (
              <li
                key={doe.animalId}
                className={oneDoe ? '' : 'space-y-1 rounded-lg border border-stone-200 p-3'}
              >
                {!oneDoe && (
                  <Link
                    href={`/animal/${doe.animalId}`}
                    className="inline-flex min-h-6 items-center font-semibold [overflow-wrap:anywhere] text-brand-700 underline-offset-2 hover:underline"
                  >
                    {doe.name}
                  </Link>
                )}
                <DoeFigures doe={doe} unit={unit} />
              </li>
            ))}
          </ul>
          <MilkByDay does={does} unit={unit} />
        </>
      )}
    </>
  );
}

/**
 * Milk of a group's does (`groupId`), one doe (`animalId`), or the farm (neither): the 'Milk' card
 * (totals, the does, the chart) and the 'Milk Records' card beside it from 1024 px, as eggs are.
 */
export function MilkProductionSection({ groupId, animalId }: MilkScope) {
  const scope: MilkScope = { groupId, animalId };
  const production = useQuery(milkProductionQuery(scope));
  const recordHref = animalId ? `/animal/${animalId}/milk` : groupId ? `/group/${groupId}/milk` : null;

  return (
    <div className="space-y-4 lg:grid lg:grid-cols-2 lg:items-start lg:gap-6 lg:space-y-0">
      <ProductionSection title="Milk" icon={Milk}>
        {recordHref && (
          <Link href={recordHref} className={`${buttonBase} ${buttonClasses.secondary} w-full`}>
            <Milk aria-hidden className="size-4" />
            Record Milk
          </Link>
        )}
        {production.isPending ? (
          <Loading place="section">Loading milk...</Loading>
        ) : production.isError ? (
          <LoadError error={production.error} onRetry={() => void production.refetch()} look="inline" />
        ) : (
          <Summary production={production.data} scope={scope} />
        )}
      </ProductionSection>
      <ProductionSection title="Milk Records" icon={ClipboardList}>
        <WaitingChanges kind="milk-records" animalId={animalId} groupId={groupId} />
        {/* amounts in the farm's unit, dates up to its today: both come with the summary */}
        {production.data ? (
          <MilkRecordsList scope={scope} unit={production.data.unit} today={production.data.today} />
        ) : (
          !production.isError && <Loading place="section">Loading milk records...</Loading>
        )}
      </ProductionSection>
    </div>
  );
}
