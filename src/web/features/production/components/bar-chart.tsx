// A stacked bar chart drawn as SVG by us, as the weight chart is (docs/decisions/0022-weight-chart.md):
// one bar per day or month, its parts stacked from the bottom in the order given (saleable under
// discarded), round amounts up the side from zero. It is an image with a one-sentence label; the
// numbers themselves are in `BarTable`, the accessible alternative shown beside it. Generic on
// purpose: eggs and milk both draw on it, each naming its parts and their colours.
import { useId } from 'react';
import { ChartGrid } from '../../../components/chart-grid';
import { formatNumber } from '../../../../shared/units/numbers';

/**
 * One bar: `segments` in the order of the chart's `segments` (a missing or negative part is 0);
 * `axis` a shorter label along the bottom than the table's (a month's 'Jan' for 'January 2026').
 */
export type Bar = { key: string; label: string; axis?: string; segments: number[] };

/** What a part of every bar is, for the legend and the table: 'Saleable', green. */
export type BarSegment = { name: string; color: string };

const width = 320;
const height = 180;
const margin = { top: 10, right: 12, bottom: 22, left: 36 };
const plotWidth = width - margin.left - margin.right;
const plotHeight = height - margin.top - margin.bottom;

/**
 * From zero past `max` in about four round steps (1, 2, 5 × 10ⁿ, and 2.5 × 10ⁿ unless `whole`);
 * `whole` keeps steps of at least 1 (eggs come whole). Nothing above zero: 0 and 1.
 */
export function barTicks(max: number, whole = false): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const factors = whole ? [1, 2, 5, 10] : [1, 2, 2.5, 5, 10];
  const step = Math.max(
    whole ? 1 : 0,
    factors.map((factor) => factor * power).find((candidate) => candidate >= rough)!,
  );
  const ticks = [0];
  while (ticks.at(-1)! < max - 1e-9) ticks.push(Number((ticks.length * step).toFixed(10)));
  return ticks;
}

const sumOf = (values: number[]) => values.reduce((total, value) => total + Math.max(value, 0), 0);

/** '1,250' or '2.5' */
const defaultFormat = (value: number) => formatNumber(value, { maximumFractionDigits: 2 });

export function BarChart({
  bars,
  segments,
  label,
  unit,
  whole = false,
  maxLabels = 6,
  format = defaultFormat,
}: {
  bars: Bar[];
  segments: BarSegment[];
  /** what the image says: 'Eggs by day, the last 30 days: 212 in all, 14 discarded.' */
  label: string;
  /** written above the side's amounts ('eggs', 'L') */
  unit?: string;
  /** whole amounts: no step of 2.5 up the side */
  whole?: boolean;
  /** at most this many bar labels along the bottom (the last bar's always among them) */
  maxLabels?: number;
  /** an amount as the side and the bars' own titles show it */
  format?: (value: number) => string;
}) {
  const titleId = useId();
  if (bars.length === 0) return null;
  const ticks = barTicks(Math.max(...bars.map((bar) => sumOf(bar.segments))), whole);
  const top = ticks.at(-1)!;
  const y = (value: number) => margin.top + plotHeight - (value / top) * plotHeight;
  const slot = plotWidth / bars.length;
  const barWidth = Math.max(slot * 0.7, 1);
  const center = (index: number) => margin.left + slot * (index + 0.5);
  // counted back from the last bar (today, this month), which is always labelled
  const every = Math.max(1, Math.ceil(bars.length / Math.max(maxLabels, 1)));
  const labelled = (index: number) => (bars.length - 1 - index) % every === 0;

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
          format={format}
          unit={unit}
        />
        {bars.map((bar, index) => {
          let base = 0;
          return (
            <g key={bar.key}>
              <title>{`${bar.label}: ${segments
                .map((segment, part) => `${format(Math.max(bar.segments[part] ?? 0, 0))} ${segment.name}`)
                .join(', ')}`}</title>
              {segments.map((segment, part) => {
                const value = Math.max(bar.segments[part] ?? 0, 0);
                if (value === 0) return null;
                const from = base;
                base += value;
                return (
                  <rect
                    key={segment.name}
                    x={center(index) - barWidth / 2}
                    width={barWidth}
                    y={y(base)}
                    height={y(from) - y(base)}
                    fill={segment.color}
                  />
                );
              })}
              {labelled(index) && (
                <text
                  x={center(index)}
                  y={height - 6}
                  textAnchor="middle"
                  className="fill-stone-600 text-[10px]"
                >
                  {bar.axis ?? bar.label}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      {segments.length > 1 && (
        <figcaption>
          <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-stone-700">
            {segments.map((segment) => (
              <li key={segment.name} className="flex items-center gap-1">
                <span
                  aria-hidden
                  className="size-2.5 shrink-0 rounded-sm"
                  style={{ background: segment.color }}
                />
                {segment.name}
              </li>
            ))}
          </ul>
        </figcaption>
      )}
    </figure>
  );
}

/**
 * The chart's numbers as a table, bar by bar: its accessible form. `heading` names the first
 * column ('Day', 'Month'); a 'Total' column follows the parts when there are several.
 */
export function BarTable({
  bars,
  segments,
  caption,
  heading,
  format = defaultFormat,
}: {
  bars: Bar[];
  segments: BarSegment[];
  caption: string;
  heading: string;
  format?: (value: number) => string;
}) {
  const total = segments.length > 1;
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="text-stone-600">
        <tr>
          <th scope="col" className="py-1 pr-2 font-medium">
            {heading}
          </th>
          {segments.map((segment) => (
            <th key={segment.name} scope="col" className="py-1 pr-2 text-right font-medium">
              {segment.name}
            </th>
          ))}
          {total && (
            <th scope="col" className="py-1 text-right font-medium">
              Total
            </th>
          )}
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-100">
        {bars.map((bar) => (
          <tr key={bar.key}>
            <th scope="row" className="py-1 pr-2 font-normal">
              {bar.label}
            </th>
            {segments.map((segment, part) => (
              <td key={segment.name} className="py-1 pr-2 text-right tabular-nums">
                {format(Math.max(bar.segments[part] ?? 0, 0))}
              </td>
            ))}
            {total && <td className="py-1 text-right tabular-nums">{format(sumOf(bar.segments))}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
