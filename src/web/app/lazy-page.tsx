// A page's chunk, loaded lazily like React.lazy's, with two differences for the first screen: the
// router starts loading it beside the session's request (preload) rather than after it, and waits
// for it without suspending (usePageSettled), so that the page renders the moment it is in. A
// suspended page would keep React's fallback on screen for at least 300 ms before being revealed,
// and the page's own requests wait for that.
import { lazy, startTransition, useEffect, useState, type ComponentType } from 'react';

export type LazyPage = ComponentType & { preload: () => Promise<unknown>; loaded: () => boolean };

export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // the next render tries again (a chunk missed offline)
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  function Page() {
    // chosen once per mount: swapping the lazy wrapper for the page later would remount it
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  return Object.assign(Page, { preload, loaded: () => loaded !== undefined });
}

/**
 * Whether the page's chunk is in, or failed to come (the page's render then shows why): until
 * then the router shows its own 'Loading...' rather than suspending.
 */
export function usePageSettled(page: LazyPage | undefined): boolean {
  const [settledPage, setSettledPage] = useState<LazyPage>();
  const settled = !page || page.loaded() || settledPage === page;
  useEffect(() => {
    if (!page || settled) return;
    let current = true;
    // (a component is a function: set through an updater, not called as one)
    const done = () => current && startTransition(() => setSettledPage(() => page));
    page.preload().then(done, done);
    return () => {
      current = false;
    };
  }, [page, settled]);
  return settled;
}
