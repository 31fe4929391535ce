// The journeys read a farm's today once, at their start, and expect it on screen minutes later: a
// run that crosses midnight in a farm's zone sees two todays, and a reminder due "today" is due
// "yesterday" by its last step. Such a run starts after the day has turned instead.

/** The zone every test browser lives in: a test that writes a date the page shows uses it too. */
export const browserTimeZone = 'America/Chicago';

/** The zones the journeys' farms keep their days in: the browser's, a season's abroad, and UTC. */
const farmZones = [browserTimeZone, 'Pacific/Auckland', 'UTC'];

/** A run of the journeys takes 4–8 minutes: one that starts closer to a midnight than this waits. */
const runLength = 10 * 60_000;

/** Milliseconds from `now` to the next midnight in `timeZone`. */
export function untilMidnight(now: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)!.value);
  const elapsed = ((part('hour') * 60 + part('minute')) * 60 + part('second')) * 1000 + now.getMilliseconds();
  return 86_400_000 - elapsed;
}

/** How long a run starting `now` waits so that no farm's day turns during it: 0 almost always. */
export function waitForDayTurn(now: Date): number {
  const near = farmZones.map((zone) => untilMidnight(now, zone)).filter((left) => left < runLength);
  return near.length ? Math.max(...near) + 5_000 : 0;
}
