// A page's own header title ('Buttercup', not 'Animal'): the app shell shows the route's fixed title
// until the page, once its data has loaded, names itself with usePageHeading.
import { createContext, useContext, useEffect } from 'react';

export const PageHeadingContext = createContext<(heading: string | null) => void>(() => {});

/** Shows `heading` in the app shell's header while the page is open (null/undefined: the route's title). */
export function usePageHeading(heading: string | null | undefined) {
  const setHeading = useContext(PageHeadingContext);
  useEffect(() => {
    if (!heading) return;
    setHeading(heading);
    return () => setHeading(null);
  }, [heading, setHeading]);
}
