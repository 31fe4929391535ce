// A heavy part of a page drawn just after the rest, in a transition: React then builds it in
// slices that give the browser its turn between them, so the page's heading paints at once and a
// phone is not stuck in one long task while a form of many fields is made (decision 0054).
import { startTransition, useEffect, useState } from 'react';

/** False on the first render; true once the browser has had the page's first paint. */
export function useDrawnLater(): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => startTransition(() => setDrawn(true)), []);
  return drawn;
}
