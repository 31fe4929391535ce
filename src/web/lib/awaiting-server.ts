// A form's values come from the server, not from the device's older copy of its reads.
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/** How long a form waits for the server before it makes do with the device's copy (a weak signal). */
const longestWait = 4_000;

type Read = Pick<UseQueryResult<unknown>, 'dataUpdatedAt' | 'fetchStatus'>;

/**
 * Whether a form should wait for the server's answer before taking its values from these reads: one
 * of them holds the device's copy (read before this page was loaded: days ago, perhaps, and changed
 * on the laptop since) and the server is being asked. A form keeps the values it was drawn with,
 * and an edit form sends them back: drawn from the copy, it would put back what another device
 * changed. Offline, once answered (or failed), or after a few seconds of a weak signal, what there
 * is is used. Once drawn, the form stays: a signal coming back while the farmer types (the read
 * asked again) must not take the form away.
 */
export function useAwaitingServer(...reads: Read[]): boolean {
  const [drawn, setDrawn] = useState(false);
  const awaiting =
    !drawn &&
    reads.some((read) => read.fetchStatus === 'fetching' && read.dataUpdatedAt < performance.timeOrigin);
  // remembered as this render goes (React draws the page again before showing it)
  if (!awaiting && !drawn) setDrawn(true);
  useEffect(() => {
    if (!awaiting) return;
    const timer = setTimeout(() => setDrawn(true), longestWait);
    return () => clearTimeout(timer);
  }, [awaiting]);
  return awaiting;
}
