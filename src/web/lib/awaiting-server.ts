// A form's values come from the server, not from the device's older copy of its reads.
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/** How long a form waits for the server before it makes do with the device's copy (a weak signal). */
const longestWait = 4_000;

type Read = Pick<UseQueryResult<unknown>, 'dataUpdatedAt' | 'fetchStatus'>;
/** The id the page's address names (an animal or group to preselect), and the list that holds it. */
type Named = [id: string | null, list: Pick<UseQueryResult<{ id: string }[]>, 'data' | 'fetchStatus'>];

/**
 * `waiting` until it is first false, or for `longestWait` at most; then false for good. Once drawn,
 * a form stays: a signal coming back while the farmer types (its reads asked again) must not take
 * the form away, nor what was typed.
 */
function useWaitOnce(waiting: boolean): boolean {
  const [drawn, setDrawn] = useState(false);
  const awaiting = waiting && !drawn;
  // remembered as this render goes (React draws the page again before showing it)
  if (!awaiting && !drawn) setDrawn(true);
  useEffect(() => {
    if (!awaiting) return;
    const timer = setTimeout(() => setDrawn(true), longestWait);
    return () => clearTimeout(timer);
  }, [awaiting]);
  return awaiting;
}

/**
 * Whether a form should wait for the server's answer before taking its values from these reads: one
 * of them holds the device's copy (read before this page was loaded: days ago, perhaps, and changed
 * on the laptop since) and the server is being asked. A form keeps the values it was drawn with,
 * and an edit form sends them back: drawn from the copy, it would put back what another device
 * changed. Offline, once answered (or failed), or after a few seconds of a weak signal, what there
 * is is used.
 */
export const useAwaitingServer = (...reads: Read[]): boolean =>
  useWaitOnce(
    reads.some((read) => read.fetchStatus === 'fetching' && read.dataUpdatedAt < performance.timeOrigin),
  );

/**
 * Whether a page should wait for the server's answer before choosing what its address names, which
 * a form then keeps as its default: the list on hand may be older than it (a group added on the
 * laptop, or a moment ago through the API), whenever it was read. As useAwaitingServer: only while
 * the list is being asked again, a few seconds at most, and never again once the form is drawn.
 */
export const useAwaitingNamed = (...named: Named[]): boolean =>
  useWaitOnce(
    named.some(
      ([id, list]) =>
        id !== null && list.fetchStatus === 'fetching' && !list.data?.some((item) => item.id === id),
    ),
  );
