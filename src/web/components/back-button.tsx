// 'Back': one step back in the browser's history, or `fallback` when the page was opened directly.
import { ArrowLeft } from 'lucide-react';
import { useLocation } from 'wouter';
import { Button } from './ui/button';

/** Whether the previous history entry is one of this app's pages (where the Navigation API tells). */
function canGoBack(): boolean {
  const { navigation } = window as Window & { navigation?: { canGoBack?: boolean } };
  if (typeof navigation?.canGoBack === 'boolean') return navigation.canGoBack;
  return window.history.length > 1;
}

/** Goes one step back, or to `fallback` when the page was opened directly (a saved form's way out). */
export function useGoBack(fallback: string): () => void {
  const [, navigate] = useLocation();
  return () => {
    if (canGoBack()) window.history.back();
    else navigate(fallback);
  };
}

export function BackButton({ fallback }: { fallback: string }) {
  const goBack = useGoBack(fallback);
  return (
    <Button variant="ghost" className="-ml-2 px-2" onClick={goBack}>
      <ArrowLeft aria-hidden className="size-4" />
      Back
    </Button>
  );
}
