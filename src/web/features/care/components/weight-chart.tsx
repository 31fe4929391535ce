// A line chart of weights over time, drawn as SVG by us (docs/decisions/0022-weight-chart.md): one
// line per animal, a dot per day weighed, dates along the bottom and weights in the farm's unit up
// the side. It is an image with a one-sentence summary; the points themselves are in a table
// (`WeightTable`) beside it, for screen readers and anyone who wants the numbers. Loaded only by
// the pages that chart (the profile's Weight card, a group's Weights page).
import { useId } from 'react';
import { ChartGrid } from '../../../components/chart-grid';
import type { DayWeight } from '../../../../shared/care/growth';
import type { WeightUnit } from '../../../../shared/schemas/profile';
import { roundWeight } from '../../../../shared/units/weights';
import { daysBetween } from '../../../lib/dates';
import { shortDate } from '../../../../shared/care/dates';
import { formatNumber } from '../../../../shared/units/numbers';

export type ChartSeries = { id: string; name: string; points: DayWeight[] };

/** Eight colours apart on the stone background, then again with a dashed line. */
const palette = ['#15803d', '#b45309', '#1d4ed8', '#be123c', '#7e22ce', '#0f766e', '#a16207', '#475569'];
export const seriesColor = (index: number) => palette[index % palette.length]!;
const seriesDash = (index: number) => (index >= palette.length ? '5 3' : undefined);

const width = 320;
const height = 180;
const margin = { top: 10, right: 12, bottom: 22, left: 44 };
const plotWidth = width - margin.left - margin.right;
const plotHeight = height - margin.top - margin.bottom;

/** Round steps (1, 2, 2.5, 5 × 10ⁿ) covering [low, high] in about four intervals. */
export function niceTicks(low: number, high: number): number[] {
  if (high - low < 1e-9) {
    const pad = Math.max(Math.abs(low) * 0.1, 1);
    return niceTicks(low - pad, high + pad);
  }
  const rough = (high - low) / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough)!;
  const ticks = [];
  for (let value = Math.floor(low / step) * step; value < high + step - 1e-9; value += step)
    ticks.push(Number(value.toFixed(10)));
  return ticks;
}

const monthYear = (date: string) => {
  const [year] = date.split('-');
  return `${shortDate(date).split(' ')[0]} ${year}`;
};

/** '1,162.5' */
const weightLabel = (value: number) => formatNumber(roundWeight(value), { maximumFractionDigits: 1 });

export function WeightChart({
  series,
  unit,
  label,
}: {
  series: ChartSeries[];
  unit: WeightUnit;
  /** what the image says: 'Weight of Pip: 4 weighings from …' */
  label: string;
}) {
  const titleId = useId();
  const all = series.flatMap((line) => line.points);
  if (all.length === 0) return null;
  const dates = all.map((point) => point.date).sort();
  const first = dates[0]!;
  const last = dates.at(-1)!;
  const span = Math.max(daysBetween(first, last), 1);
  // one day weighed: the dot sits in the middle
  const x = (date: string) =>
    margin.left + (first === last ? plotWidth / 2 : (daysBetween(first, date) / span) * plotWidth);
  const weights = all.map((point) => point.weight);
  const ticks = niceTicks(Math.min(...weights), Math.max(...weights));
  const low = ticks[0]!;
  const high = ticks.at(-1)!;
  const y = (weight: number) => margin.top + plotHeight - ((weight - low) / (high - low)) * plotHeight;
  const crossesYears = first.slice(0, 4) !== last.slice(0, 4);
  const dateLabel = crossesYears && span > 60 ? monthYear : shortDate;
  const dateTicks = first === last ? [first] : [first, last];

  return (
    <figure className="space-y-2">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={titleId}
        className="h-auto w-full overflow-visible"
      >
        <title id={titleId}>{label}</title>
        <ChartGrid
          ticks={ticks}
          y={y}
          left={margin.left}
          right={width - margin.right}
          top={margin.top}
          format={weightLabel}
          unit={unit}
        />
        {dateTicks.map((date, index) => (
          <text
            key={date}
            x={x(date)}
            y={height - 6}
            textAnchor={dateTicks.length === 1 ? 'middle' : index === 0 ? 'start' : 'end'}
            className="fill-stone-600 text-[10px]"
          >
            {dateLabel(date)}
          </text>
        ))}
        {series.map((line, index) => (
          <g key={line.id} stroke={seriesColor(index)} fill={seriesColor(index)}>
            {line.points.length > 1 && (
              <polyline
                fill="none"
                strokeWidth={2}
                strokeLinejoin="round"
                strokeDasharray={seriesDash(index)}
                points={line.points.map((point) => `${x(point.date)},${y(point.weight)}`).join(' ')}
              />
            )}
            {line.points.map((point) => (
              <circle key={point.date} cx={x(point.date)} cy={y(point.weight)} r={3} />
            ))}
          </g>
        ))}
      </svg>
      {series.length > 1 && (
        <figcaption>
          <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-stone-700">
            {series.map((line, index) => (
              <li key={line.id} className="flex min-w-0 items-center gap-1">
                <svg aria-hidden viewBox="0 0 16 4" className="h-1 w-4 shrink-0">
                  <line
                    x1={0}
                    x2={16}
                    y1={2}
                    y2={2}
                    stroke={seriesColor(index)}
                    strokeWidth={4}
                    strokeDasharray={seriesDash(index)}
                  />
                </svg>
                <span className="[overflow-wrap:anywhere]">{line.name}</span>
              </li>
            ))}
          </ul>
        </figcaption>
      )}
    </figure>
  );
}
