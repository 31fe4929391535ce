// Sheets of labels to print (issue 30, decision 0047): A4 or US Letter, 2 × 7 or 3 × 8 labels a
// page, each with the animal's name, its tag and a QR code of its short link /a/{code}. Sized in
// millimetres to the common label sheets (A4: Avery L7163 and L7159; Letter: 5162, and 3 × 8 of
// 2⅝″ × 1¼″), printed by the browser: each sheet is a named page whose @page rule (styles.css)
// sets the paper and no margin. On the screen each sheet is drawn at the width it has.
import { encode } from 'uqr';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { labelPath } from '../../../../shared/animals/label-code';

export const paperValues = ['a4', 'letter'] as const;
export type Paper = (typeof paperValues)[number];
export const paperLabels: Record<Paper, string> = { a4: 'A4', letter: 'US Letter' };

export const layoutValues = ['2x7', '3x8'] as const;
export type Layout = (typeof layoutValues)[number];
export const layoutLabels: Record<Layout, string> = {
  '2x7': '2 × 7 (14 a page)',
  '3x8': '3 × 8 (24 a page)',
};

type Geometry = {
  columns: number;
  rows: number;
  /** label width and height, mm */
  label: [number, number];
  /** page margins to the first label, mm */
  top: number;
  side: number;
  /** between columns, mm */
  gap: number;
};

const papers: Record<Paper, { size: [number, number]; pageName: string; layouts: Record<Layout, Geometry> }> =
  {
    a4: {
      size: [210, 297],
      pageName: 'paddock-a4',
      layouts: {
        '2x7': { columns: 2, rows: 7, label: [99.1, 38.1], top: 15.15, side: 4.65, gap: 2.5 },
        '3x8': { columns: 3, rows: 8, label: [63.5, 33.9], top: 12.9, side: 7.25, gap: 2.5 },
      },
    },
    letter: {
      size: [215.9, 279.4],
      pageName: 'paddock-letter',
      layouts: {
        '2x7': { columns: 2, rows: 7, label: [101.6, 33.87], top: 21.15, side: 3.94, gap: 4.83 },
        '3x8': { columns: 3, rows: 8, label: [66.68, 31.75], top: 12.7, side: 4.76, gap: 3.18 },
      },
    },
  };

export const labelsPerPage = (layout: Layout) => {
  const { columns, rows } = papers.a4.layouts[layout];
  return columns * rows;
};

export type LabelAnimal = {
  id: string;
  name: string;
  tagId: string | null;
  electronicId?: string | null;
};

/** A QR code as an SVG of its dark modules (one path), `size` mm square. */
function QrCode({ text, size }: { text: string; size: number }) {
  const qr = encode(text, { ecc: 'M', border: 2 });
  let path = '';
  qr.data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      width={`${size}mm`}
      height={`${size}mm`}
      shapeRendering="crispEdges"
      aria-hidden
      className="shrink-0"
    >
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

const millimetre = 96 / 25.4;

/** How much a sheet `width` mm wide must shrink to fit the element's width on screen (never grows). */
function useFitScale(width: number) {
  const box = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setScale(Math.min(1, entry.contentRect.width / (width * millimetre)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [width]);
  return { box, scale };
}

export function LabelSheets({
  animals,
  paper,
  layout,
  origin,
}: {
  animals: readonly LabelAnimal[];
  paper: Paper;
  layout: Layout;
  /** the address the QR codes open (this app's) */
  origin: string;
}) {
  const { size, pageName, layouts } = papers[paper];
  const geometry = layouts[layout];
  const perPage = geometry.columns * geometry.rows;
  const pages = Array.from({ length: Math.ceil(animals.length / perPage) }, (_, index) =>
    animals.slice(index * perPage, (index + 1) * perPage),
  );
  const { box, scale } = useFitScale(size[0]);
  const [labelWidth, labelHeight] = geometry.label;
  const qrSize = labelHeight - 4;
  const big = layout === '2x7';

  return (
    <div ref={box} className="space-y-4 print:space-y-0">
      {pages.map((page, index) => (
        <section
          key={index}
          aria-label={`Page ${index + 1} of ${pages.length}`}
          data-testid="label-page"
          className="mx-auto overflow-hidden bg-white shadow ring-1 ring-stone-200 [zoom:var(--sheet-zoom)] print:shadow-none print:ring-0 print:[zoom:1] print:break-after-page print:last:break-after-auto"
          style={
            {
              '--sheet-zoom': scale,
              // the paper, with no margin (styles.css): the sheet's own margins place the labels
              page: pageName,
              width: `${size[0]}mm`,
              height: `${size[1]}mm`,
              padding: `${geometry.top}mm ${geometry.side}mm 0`,
              display: 'grid',
              gridTemplateColumns: `repeat(${geometry.columns}, ${labelWidth}mm)`,
              gridAutoRows: `${labelHeight}mm`,
              columnGap: `${geometry.gap}mm`,
              alignContent: 'start',
            } as CSSProperties
          }
        >
          {page.map((animal) => (
            <article
              key={animal.id}
              aria-label={animal.name}
              className="flex items-center gap-[2mm] overflow-hidden px-[2.5mm] py-[2mm] text-black"
            >
              <QrCode text={`${origin}${labelPath(animal.id)}`} size={qrSize} />
              <div className="min-w-0 space-y-[1mm]">
                <p
                  className={`line-clamp-2 leading-tight font-bold break-words ${big ? 'text-[5mm]' : 'text-[3.6mm]'}`}
                >
                  {animal.name}
                </p>
                {animal.tagId && (
                  <p className={`truncate ${big ? 'text-[4mm]' : 'text-[3mm]'}`}>Tag {animal.tagId}</p>
                )}
                {animal.electronicId && (
                  <p className={`truncate ${big ? 'text-[3mm]' : 'text-[2.4mm]'}`}>
                    EID {animal.electronicId}
                  </p>
                )}
              </div>
            </article>
          ))}
        </section>
      ))}
    </div>
  );
}
