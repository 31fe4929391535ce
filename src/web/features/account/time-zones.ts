// The Time Zone field's choices: 418 raw zone ids become 'New York (America) · GMT−5', sorted by
// their offset now, and searchable by city, region, id or offset ('london', 'gmt+1', 'pacific').
export type TimeZoneOption = { id: string; label: string; offsetMinutes: number; search: string };

/** 'GMT+5:30' → 330; 'GMT' → 0 (Intl's shortOffset names). */
function minutesOf(offset: string): number {
  const match = /GMT([+-−])(\d{1,2})(?::(\d{2}))?/.exec(offset);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '+' ? minutes : -minutes;
}

/** The zone's offset at `now`, as Intl names it ('GMT−5', 'GMT+5:30', 'GMT'). */
function offsetName(zone: string, now: Date): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      timeZoneName: 'shortOffset',
    }).formatToParts(now);
    const name = parts.find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
    return name === 'GMT+0' ? 'GMT' : name; // engines differ on zero
  } catch {
    return 'GMT';
  }
}

/** 'America/Argentina/Buenos_Aires' → 'Buenos Aires (America, Argentina)'; 'UTC' → 'UTC'. */
function friendlyName(zone: string): string {
  const parts = zone.split('/').map((part) => part.replaceAll('_', ' '));
  const city = parts.pop()!;
  return parts.length ? `${city} (${parts.join(', ')})` : city;
}

export function timeZoneOptions(
  zones: readonly string[],
  current: string,
  now = new Date(),
): TimeZoneOption[] {
  const all = zones.includes(current) ? zones : [current, ...zones];
  return all
    .map((id) => {
      const offset = offsetName(id, now);
      const label = `${friendlyName(id)} · ${offset.replace('-', '−')}`;
      return {
        id,
        label,
        offsetMinutes: minutesOf(offset),
        search: `${id} ${label} ${offset}`.toLowerCase().replaceAll('_', ' '),
      };
    })
    .sort((a, b) => a.offsetMinutes - b.offsetMinutes || a.label.localeCompare(b.label));
}

/** The options matching every word of `query`; the current zone always stays (a select keeps its value). */
export function filterTimeZones(options: TimeZoneOption[], query: string, current: string): TimeZoneOption[] {
  const words = query.toLowerCase().replaceAll('−', '-').replaceAll('_', ' ').split(/\s+/).filter(Boolean);
  if (!words.length) return options;
  return options.filter(
    (option) =>
      option.id === current || words.every((word) => option.search.replaceAll('−', '-').includes(word)),
  );
}
