// Group colours are stored as 'rgba(r,g,b,a)' or '#rrggbb' strings. These helpers derive the faint
// tint of a card and the '#rrggbb' a native colour input needs.
import { defaultGroupColor } from '../../../shared/groups/colors';

type Rgba = { r: number; g: number; b: number; a: number };

const rgbaPattern = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*([\d.]+)\s*)?\)$/i;
const hexPattern = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i;

/** The colour's channels, or undefined when the string is not a colour we store. */
export function parseColor(value: string): Rgba | undefined {
  const text = value.trim();
  const rgba = rgbaPattern.exec(text);
  if (rgba) {
    const [r, g, b] = [rgba[1], rgba[2], rgba[3]].map(Number) as [number, number, number];
    const a = rgba[4] === undefined ? 1 : Number(rgba[4]);
    if ([r, g, b].some((part) => part > 255) || Number.isNaN(a) || a > 1) return undefined;
    return { r, g, b, a };
  }
  const hex = hexPattern.exec(text);
  if (hex) {
    const [r, g, b] = [hex[1], hex[2], hex[3]].map((part) => parseInt(part ?? '0', 16)) as [
      number,
      number,
      number,
    ];
    return { r, g, b, a: 1 };
  }
  return undefined;
}

const fallback = parseColor(defaultGroupColor) ?? { r: 239, g: 133, b: 50, a: 1 };

/** The colour at `alpha` times its own opacity (the default group colour when unreadable). */
export function translucent(value: string, alpha: number): string {
  const { r, g, b, a } = parseColor(value) ?? fallback;
  return `rgba(${r},${g},${b},${Math.round(a * alpha * 1000) / 1000})`;
}

/** The colour as an opaque CSS colour (the default group colour when unreadable). */
export function solid(value: string): string {
  return translucent(value, 1);
}

/** '#rrggbb' for a native colour input (which knows no transparency). */
export function toHex(value: string): string {
  const { r, g, b } = parseColor(value) ?? fallback;
  return `#${[r, g, b].map((part) => part.toString(16).padStart(2, '0')).join('')}`;
}

/** Whether two colour strings name the same colour (ignores spacing and hex case). */
export function sameColor(one: string | undefined, other: string | undefined): boolean {
  if (!one || !other) return false;
  const a = parseColor(one);
  const b = parseColor(other);
  return !!a && !!b && a.r === b.r && a.g === b.g && a.b === b.b && a.a === b.a;
}
