// /group/:groupId/weights: a group's 'Weights' view — each animal's latest weight and daily gain in
// a table, and one chart of all of them in the farm's unit (the table is its accessible form).
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { averageDailyGain, dailyWeights, formatGain } from '../../../shared/care/growth';
import { possessive } from '../../../shared/care/rules';
import type { GroupWeights } from '../../../shared/schemas/care';
import type { WeightUnit } from '../../../shared/schemas/profile';
import { formatWeight } from '../../../shared/units/weights';
import { isNotFound, Loading, LoadError, NotFound } from '../../components/page-states';
import { buttonBase, buttonClasses } from '../../components/ui/button';
import { cardClasses } from '../../components/ui/card';
import { ShowAsTable } from '../../components/ui/show-as-table';
import { groupWeightsQuery } from '../../features/care/api/care';
import { weightText } from '../../features/care/components/entry-display';
import { seriesColor, WeightChart } from '../../features/care/components/weight-chart';
import { groupQuery } from '../../features/groups/api/groups';
import { useGroupId } from '../../features/groups/use-group-id';
import { formatUsDate } from '../../lib/dates';
import { profileQuery } from '../../lib/profile';
import { usePageHeading } from '../page-heading';

type Member = GroupWeights['animals'][number];

function LatestWeights({ members, unit }: { members: Member[]; unit: WeightUnit }) {
  let charted = 0;
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Latest weights</caption>
      <thead className="text-stone-600">
        <tr>
          <th scope="col" className="py-1 pr-2 font-medium">
            Animal
          </th>
          <th scope="col" className="py-1 pr-2 font-medium">
            Latest
          </th>
          <th scope="col" className="py-1 font-medium">
            Daily gain
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-100">
        {members.map((member) => {
          const latest = member.points.at(-1);
          const gain = averageDailyGain(member.points, unit).recent;
          // the chart's colour of this animal, beside its name
          const color = latest ? seriesColor(charted++) : undefined;
          return (
            <tr key={member.id} className="align-top">
              <td className="py-2 pr-2">
                <span className="flex min-w-0 items-start gap-1.5">
                  <span
                    aria-hidden
                    className="mt-1.5 size-2.5 shrink-0 rounded-full"
                    style={{ backgroundColor: color ?? 'transparent' }}
                  />
                  <Link
                    href={`/animal/${member.id}`}
                    className="inline-flex min-h-6 min-w-6 items-center font-medium [overflow-wrap:anywhere] text-brand-700 underline-offset-2 hover:underline"
                  >
                    {member.name}
                  </Link>
                </span>
              </td>
              <td className="py-2 pr-2">
                {latest ? (
                  <>
                    <span className="block whitespace-nowrap">
                      {formatWeight(latest.weightValue, latest.weightUnit, unit)}
                    </span>
                    <span className="block text-xs text-stone-600">{formatUsDate(latest.dateRecorded)}</span>
                  </>
                ) : member.weight !== null ? (
                  <>
                    <span className="block whitespace-nowrap">
                      {formatWeight(member.weight, member.weightUnit, unit)}
                    </span>
                    <span className="block text-xs text-stone-600">No weighing yet</span>
                  </>
                ) : (
                  <span className="text-stone-500 italic">Not weighed</span>
                )}
              </td>
              <td className="py-2 whitespace-nowrap">{gain === null ? '—' : formatGain(gain, unit)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The chart's points, animal by animal, behind 'Show every weighing'. */
function EveryWeighing({ members, unit }: { members: Member[]; unit: WeightUnit }) {
  return (
    <ShowAsTable summary="Show every weighing">
      <table className="w-full text-left">
        <thead className="text-stone-600">
          <tr>
            <th scope="col" className="py-1 pr-2 font-medium">
              Animal
            </th>
            <th scope="col" className="py-1 pr-2 font-medium">
              Date
            </th>
            <th scope="col" className="py-1 font-medium">
              Weight
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {members.flatMap((member) =>
            member.points.map((point) => (
              <tr key={point.entryId}>
                <td className="py-1 pr-2 [overflow-wrap:anywhere]">{member.name}</td>
                <td className="py-1 pr-2">{formatUsDate(point.dateRecorded)}</td>
                <td className="py-1">{weightText(point.weightValue, point.weightUnit, unit)}</td>
              </tr>
            )),
          )}
        </tbody>
      </table>
    </ShowAsTable>
  );
}

export default function GroupWeightsPage() {
  const groupId = useGroupId();
  const group = useQuery(groupQuery(groupId));
  const weights = useQuery(groupWeightsQuery(groupId));
  const profile = useQuery(profileQuery);
  usePageHeading(group.data ? `${possessive(group.data.name)} Weights` : undefined);

  if (group.isPending || weights.isPending || profile.isPending) return <Loading>Loading weights...</Loading>;
  for (const query of [group, weights, profile]) {
    if (query.isError) {
      if (isNotFound(query.error)) return <NotFound title="Group not found" />;
      return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
    }
  }
  const unit = profile.data!.weightUnit;
  const { id, name } = group.data!;
  const members = weights.data!.animals;
  const series = members
    .filter((member) => member.points.length > 0)
    .map((member) => ({ id: member.id, name: member.name, points: dailyWeights(member.points, unit) }));
  const weighed = series.length;

  return (
    <div className="space-y-4">
      <Link href={`/group/${id}`} className={`${buttonBase} ${buttonClasses.ghost} -ml-2 px-2`}>
        ← Back to Group
      </Link>
      <section aria-labelledby="weights-heading" className={`${cardClasses} space-y-3`}>
        <h2 id="weights-heading" className="text-lg font-semibold [overflow-wrap:anywhere]">
          Weights
        </h2>
        {members.length === 0 ? (
          <p className="text-sm text-stone-600">No animals in this group yet.</p>
        ) : weighed === 0 ? (
          <p className="text-sm text-stone-600">No weighings yet: record a weight to start the chart.</p>
        ) : (
          <WeightChart
            series={series}
            unit={unit}
            label={`Weights of ${weighed} of the ${members.length} animals in ${name}, in ${unit}, over time. The table below lists each animal's latest weight.`}
          />
        )}
        {members.length > 0 && <LatestWeights members={members} unit={unit} />}
        {weighed > 0 && <EveryWeighing members={members} unit={unit} />}
      </section>
    </div>
  );
}
