// The side of our SVG charts (decision 0022): a light line across the plot at each tick, its value
// beside it, and the unit above them. Drawn alike by the weight chart and the production charts.
export function ChartGrid({
  ticks,
  y,
  left,
  right,
  top,
  format,
  unit,
}: {
  ticks: number[];
  /** a value's height in the chart's viewBox */
  y: (value: number) => number;
  /** the plot's left and right edges, and its top (the unit sits just above it) */
  left: number;
  right: number;
  top: number;
  format: (value: number) => string;
  unit?: string;
}) {
  return (
    <>
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={left} x2={right} y1={y(tick)} y2={y(tick)} className="stroke-stone-200" strokeWidth={1} />
          <text
            x={left - 6}
            y={y(tick)}
            textAnchor="end"
            dominantBaseline="middle"
            className="fill-stone-600 text-[10px]"
          >
            {format(tick)}
          </text>
        </g>
      ))}
      {unit && (
        <text x={2} y={top - 3} className="fill-stone-600 text-[10px]">
          {unit}
        </text>
      )}
    </>
  );
}
