// An animal's 'Weight' card on its profile: the average daily gain (since the last weighing and
// over the whole record), a chart of its weights in the farm's unit, and the same points as a
// table. Loaded lazily by the profile, so the chart's code comes only to pages that chart.
import { useQuery } from '@tanstack/react-query';
import { averageDailyGain, dailyWeights, formatGain } from '../../../../shared/care/growth';
import type { WeightPoint } from '../../../../shared/schemas/care';
import type { WeightUnit } from '../../../../shared/schemas/profile';
import { LoadError, Loading } from '../../../components/page-states';
import { cardClasses } from '../../../components/ui/card';
import { ShowAsTable } from '../../../components/ui/show-as-table';
import { formatUsDate } from '../../../lib/dates';
import { profileQuery } from '../../../lib/profile';
import { animalWeightsQuery } from '../api/care';
import { weightText } from './entry-display';
import { WeightChart } from './weight-chart';

/** 'Weight of Pip: 4 weighings from 02/01/26 to 04/10/26, 8 lbs to 19 lbs.' */
export function chartLabel(name: string, points: { date: string; weight: number }[], unit: WeightUnit) {
  const weights = points.map((point) => point.weight);
  const range = (value: number) => `${Math.round(value * 10) / 10} ${unit}`;
  const days = points.length === 1 ? 'one day weighed' : `${points.length} days weighed`;
  return `Weight of ${name}: ${days} from ${formatUsDate(points[0]!.date)} to ${formatUsDate(points.at(-1)!.date)}, ${range(Math.min(...weights))} to ${range(Math.max(...weights))}.`;
}

/** The chart's points as a table: its accessible form, and the record's on paper. */
export function WeightPointsTable({ points, unit }: { points: WeightPoint[]; unit: WeightUnit }) {
  return (
    <table className="w-full text-left">
      <caption className="sr-only">Weighings</caption>
      <thead className="text-stone-600">
        <tr>
          <th scope="col" className="py-1 font-medium">
            Date
          </th>
          <th scope="col" className="py-1 font-medium">
            Weight
          </th>
          <th scope="col" className="py-1 font-medium">
            Body condition
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-100">
        {points.map((point) => (
          <tr key={point.entryId}>
            <td className="py-1">{formatUsDate(point.dateRecorded)}</td>
            <td className="py-1">{weightText(point.weightValue, point.weightUnit, unit)}</td>
            <td className="py-1">{point.bodyCondition === null ? '—' : `${point.bodyCondition} / 5`}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The chart's points as a table, behind 'Show as table'. */
export function WeightTable({ points, unit }: { points: WeightPoint[]; unit: WeightUnit }) {
  return (
    <ShowAsTable>
      <WeightPointsTable points={points} unit={unit} />
    </ShowAsTable>
  );
}

function WeightBody({ animalId, name }: { animalId: string; name: string }) {
  const weights = useQuery(animalWeightsQuery(animalId));
  const profile = useQuery(profileQuery);
  if (weights.isPending || profile.isPending) return <Loading place="section">Loading weights...</Loading>;
  if (weights.isError)
    return <LoadError error={weights.error} onRetry={() => void weights.refetch()} look="inline" />;
  if (profile.isError)
    return <LoadError error={profile.error} onRetry={() => void profile.refetch()} look="inline" />;
  const unit = profile.data.weightUnit;
  const { points } = weights.data;
  if (points.length === 0)
    return <p className="text-sm text-stone-600">No weighings yet: record a weight to start the chart.</p>;

  const days = dailyWeights(points, unit);
  const gain = averageDailyGain(points, unit);
  return (
    <>
      <div className="text-sm">
        <p className="font-medium text-stone-800">Average daily gain</p>
        {gain.recent === null || gain.overall === null ? (
          <p className="text-stone-600">Weigh on another day to see the daily gain.</p>
        ) : (
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3">
            <dt className="text-stone-600">Since the last weighing</dt>
            <dd>{formatGain(gain.recent, unit)}</dd>
            <dt className="text-stone-600">Whole record</dt>
            <dd>{formatGain(gain.overall, unit)}</dd>
          </dl>
        )}
      </div>
      <WeightChart
        series={[{ id: animalId, name, points: days }]}
        unit={unit}
        label={chartLabel(name, days, unit)}
      />
      <WeightTable points={points} unit={unit} />
    </>
  );
}

export default function WeightCard({ animalId, name }: { animalId: string; name: string }) {
  return (
    <section aria-labelledby="weight-heading" className={`${cardClasses} space-y-3`}>
      <h3 id="weight-heading" className="font-semibold">
        Weight
      </h3>
      <WeightBody animalId={animalId} name={name} />
    </section>
  );
}
