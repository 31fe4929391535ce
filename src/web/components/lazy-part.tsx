// A part of a page whose code comes apart from the page's (decision 0054): a form under a heading
// the page draws first, a dialog that opens on demand. The page's own chunks are app/lazy-page.tsx's.
import { createElement, useEffect, useState, type ComponentType, type ReactNode } from 'react';

/**
 * A part of a page whose code comes apart from the page's, for a page that can draw something (a
 * heading, a frame) before it: `<Part fallback={…} {...props} />` draws the fallback until the
 * part's chunk is in, then the part. Loading starts at `preload()` (call it where the page's
 * module runs, beside the page's reads) or at the first render. A chunk that fails to come is
 * thrown to the page's error boundary, as a page's own would be. Give the part data the page read,
 * not a query's result: TanStack Query draws a page again only for what it read, so a result whose
 * data only the part reads, answered before the part came, would leave it the old data.
 */
export function lazyPart<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>) {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<unknown> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        loading = undefined; // the next page that wants it tries again
        throw error;
      },
    ));
  function Part({ fallback, ...props }: Props & { fallback: ReactNode }) {
    const [failure, setFailure] = useState<{ error: unknown }>();
    // whether this mount drew the part: the effect waits only when the render drew the fallback. (Read
    // at the effect instead, a chunk that came between the render and the effect left the fallback
    // on screen for good: a transition's effects run a while after its render.)
    const [arrived, setArrived] = useState(() => loaded !== undefined);
    useEffect(() => {
      if (arrived) return;
      let current = true;
      preload().then(
        () => current && setArrived(true),
        (error: unknown) => current && setFailure({ error }),
      );
      return () => {
        current = false;
      };
    }, [arrived]);
    if (failure) throw failure.error;
    return loaded ? createElement(loaded, props as Props) : fallback;
  }
  return Object.assign(Part, { preload });
}
