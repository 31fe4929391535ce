// Money in and out by month, drawn as SVG as the project's other charts are (decision 0022): two
// bars a month side by side, income beside expenses, round amounts up the side from zero. The
// image carries a one-sentence label; `MonthTable` is its accessible alternative, shown instead
// when the farmer picks 'Table'.
import { useId } from 'react';
import { ChartGrid } from '../../../components/chart-grid';
import type { Currency } from '../../../../shared/schemas/money';
import { formatMoney, monthLabel } from '../money-display';
import { formatNumber } from '../../../../shared/units/numbers';

export type MonthRow = { month: string; income: number; expenses: number };

const width = 320;
const height = 180;
const margin = { top: 12, right: 8, bottom: 22, left: 44 };
const plotWidth = width - margin.left - margin.right;
const plotHeight = height - margin.top - margin.bottom;
export const incomeColor = '#15803d';
export const expenseColor = '#b45309';

/** Zero past `max` in about four round steps (1, 2, 2.5, 5 × 10ⁿ). */
function ticksTo(max: number): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough)!;
  const ticks = [0];
  while (ticks.at(-1)! < max - 1e-9) ticks.push(Number((ticks.length * step).toFixed(10)));
  return ticks;
}

const compact = (value: number) => formatNumber(value, { notation: 'compact', maximumFractionDigits: 1 });

export function MonthChart({ months, currency }: { months: MonthRow[]; currency: Currency }) {
  const titleId = useId();
  if (months.length === 0) return null;
  const ticks = ticksTo(Math.max(...months.flatMap((row) => [row.income, row.expenses])));
  const top = ticks.at(-1)!;
  const y = (value: number) => margin.top + plotHeight - (value / top) * plotHeight;
  const slot = plotWidth / months.length;
  const barWidth = Math.max((slot * 0.8) / 2, 1);
  const left = (index: number) => margin.left + slot * index + slot * 0.1;
  const every = Math.max(1, Math.ceil(months.length / 6));
  const income = months.reduce((sum, row) => sum + row.income, 0);
  const expenses = months.reduce((sum, row) => sum + row.expenses, 0);
  return (
    <figure className="space-y-2">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={titleId} className="h-auto w-full">
        <title id={titleId}>
          {`Money by month, ${monthLabel(months[0]!.month)} to ${monthLabel(months.at(-1)!.month)}: ${formatMoney(income, currency)} in, ${formatMoney(expenses, currency)} out.`}
        </title>
        <ChartGrid
          ticks={ticks}
          y={y}
          left={margin.left}
          right={width - margin.right}
          top={margin.top}
          format={compact}
          unit={currency}
        />
        {months.map((row, index) => (
          <g key={row.month}>
            <title>{`${monthLabel(row.month)}: ${formatMoney(row.income, currency)} in, ${formatMoney(row.expenses, currency)} out`}</title>
            <rect
              x={left(index)}
              width={barWidth}
              y={y(row.income)}
              height={y(0) - y(row.income)}
              fill={incomeColor}
            />
            <rect
              x={left(index) + barWidth}
              width={barWidth}
              y={y(row.expenses)}
              height={y(0) - y(row.expenses)}
              fill={expenseColor}
            />
            {(months.length - 1 - index) % every === 0 && (
              <text
                x={left(index) + barWidth}
                y={height - 6}
                textAnchor="middle"
                className="fill-stone-600 text-[10px]"
              >
                {monthLabel(row.month, true)}
              </text>
            )}
          </g>
        ))}
      </svg>
      <figcaption>
        <ul className="flex flex-wrap gap-x-3 text-xs text-stone-700">
          {[
            ['Income', incomeColor],
            ['Expenses', expenseColor],
          ].map(([name, color]) => (
            <li key={name} className="flex items-center gap-1">
              <span aria-hidden className="size-2.5 rounded-sm" style={{ background: color }} />
              {name}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}

/** The chart's numbers, month by month: its accessible form. */
export function MonthTable({ months, currency }: { months: MonthRow[]; currency: Currency }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Money by month</caption>
      <thead className="text-stone-600">
        <tr>
          <th scope="col" className="py-1 pr-2 font-medium">
            Month
          </th>
          <th scope="col" className="py-1 pr-2 text-right font-medium">
            Income
          </th>
          <th scope="col" className="py-1 pr-2 text-right font-medium">
            Expenses
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            Net
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-100">
        {months.map((row) => (
          <tr key={row.month}>
            <th scope="row" className="py-1 pr-2 font-normal">
              {monthLabel(row.month)}
            </th>
            <td className="py-1 pr-2 text-right tabular-nums">{formatMoney(row.income, currency)}</td>
            <td className="py-1 pr-2 text-right tabular-nums">{formatMoney(row.expenses, currency)}</td>
            <td className="py-1 text-right tabular-nums">
              {formatMoney(row.income - row.expenses, currency)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
