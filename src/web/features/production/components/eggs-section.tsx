// The Production page's 'Eggs' card, for a group or the whole farm: today's and this week's eggs
// (saleable and discarded apart), the lay rate over 7 and 30 days, the hens it counts, and a chart
// by day (30 days) or by month (12 months) with its numbers in a table beside it.
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, CalendarRange, Egg } from 'lucide-react';
import { useState } from 'react';
import { shortDate } from '../../../../shared/care/dates';
import type { EggProduction } from '../../../../shared/schemas/production';
import { Loading, LoadError } from '../../../components/page-states';
import { ShowAsTable } from '../../../components/ui/show-as-table';
import { SegmentedToggle } from '../../../components/ui/segmented-toggle';
import { monthLabel } from '../../../lib/dates';
import { eggProductionQuery } from '../api/eggs';
import { eggsText, layRateText, saleableText } from '../egg-display';
import { BarChart, BarTable, type Bar, type BarSegment } from './bar-chart';
import { ProductionSection } from './production-section';

const segments: BarSegment[] = [
  { name: 'Saleable', color: '#4d7c0f' },
  { name: 'Discarded', color: '#b45309' },
];

type Counts = { eggs: number; saleable: number; discarded: number };

function Count({ term, counts }: { term: string; counts: Counts }) {
  return (
    <div>
      <dt className="text-sm text-stone-600">{term}</dt>
      <dd className="text-lg font-semibold">{eggsText(counts.eggs)}</dd>
      <dd className="text-sm text-stone-700">{saleableText(counts)}</dd>
    </div>
  );
}

function LayRate({ term, rate }: { term: string; rate: number | null }) {
  return (
    <div>
      <dt className="text-sm text-stone-600">{term}</dt>
      <dd className="font-semibold">{rate === null ? '—' : layRateText(rate)}</dd>
    </div>
  );
}

function Summary({ production, scope }: { production: EggProduction; scope: string }) {
  return (
    <>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
        <Count term="Today" counts={production.todayCounts} />
        <Count term={`This week (from ${shortDate(production.week.from)})`} counts={production.week} />
        <LayRate term="Lay rate, last 7 days" rate={production.layRate.last7} />
        <LayRate term="Lay rate, last 30 days" rate={production.layRate.last30} />
        <div>
          <dt className="text-sm text-stone-600">Hens</dt>
          <dd className="font-semibold">{production.hens}</dd>
        </div>
      </dl>
      {production.hens === 0 && (
        <p className="text-sm text-stone-600">
          The lay rate counts the hens (female chickens) {scope}: there are none yet.
        </p>
      )}
    </>
  );
}

type View = 'day' | 'month';
const views = [
  { value: 'day', label: 'By day', Icon: CalendarDays },
  { value: 'month', label: 'By month', Icon: CalendarRange },
] as const;

const dayBars = (production: EggProduction): Bar[] =>
  production.byDay.map((day) => ({
    key: day.date,
    label: shortDate(day.date),
    segments: [day.saleable, day.discarded],
  }));

const monthBars = (production: EggProduction): Bar[] =>
  production.byMonth.map((month) => {
    const label = monthLabel(`${month.month}-01`);
    return { key: month.month, label, axis: label.slice(0, 3), segments: [month.saleable, month.discarded] };
  });

function Chart({ production }: { production: EggProduction }) {
  const [view, setView] = useState<View>('day');
  const byDay = view === 'day';
  const rows = byDay ? production.byDay : production.byMonth;
  const bars = byDay ? dayBars(production) : monthBars(production);
  const total = rows.reduce((sum, row) => sum + row.eggs, 0);
  const discarded = rows.reduce((sum, row) => sum + row.discarded, 0);
  const period = byDay ? 'the last 30 days' : 'the last 12 months';
  return (
    <div className="space-y-3">
      <SegmentedToggle label="Show eggs" options={views} value={view} onChange={setView} />
      <BarChart
        bars={bars}
        segments={segments}
        // no unit over the side: the label and the legend say eggs, and '1,000' would run into it
        whole
        maxLabels={byDay ? 6 : 12}
        label={`Eggs ${byDay ? 'by day' : 'by month'} over ${period}: ${eggsText(total)}, ${discarded} discarded. The table below lists each ${byDay ? 'day' : 'month'}.`}
      />
      <ShowAsTable>
        <BarTable
          bars={bars}
          segments={segments}
          caption={`Eggs ${byDay ? 'by day' : 'by month'} over ${period}`}
          heading={byDay ? 'Day' : 'Month'}
        />
      </ShowAsTable>
    </div>
  );
}

export function EggsSection({ groupId }: { groupId?: string }) {
  const production = useQuery(eggProductionQuery(groupId));
  const scope = groupId ? 'in this group' : 'on the farm';

  let body;
  if (production.isPending) body = <Loading place="section">Loading eggs...</Loading>;
  else if (production.isError)
    body = <LoadError error={production.error} onRetry={() => void production.refetch()} look="inline" />;
  else {
    const year = production.data.byMonth.reduce((sum, month) => sum + month.eggs, 0);
    body =
      production.data.hens === 0 && year === 0 ? (
        <p className="text-sm text-stone-600">
          No hens and no eggs yet {scope}. Add female chickens to see the lay rate, and tap Collect Eggs after
          each round.
        </p>
      ) : (
        <>
          <Summary production={production.data} scope={scope} />
          {year === 0 ? (
            <p className="text-sm text-stone-600">
              No eggs collected in the last 12 months: tap Collect Eggs after the round.
            </p>
          ) : (
            <Chart production={production.data} />
          )}
        </>
      );
  }

  return (
    <ProductionSection title="Eggs" icon={Egg}>
      {body}
    </ProductionSection>
  );
}
