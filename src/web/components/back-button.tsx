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

export function BackButton({ fallback }: { fallback: string }) {
  const [, navigate] = useLocation();
  return (
    <Button
      variant="ghost"
      className="-ml-2 px-2"
      onClick={() => {
        if (canGoBack()) window.history.back();
        else navigate(fallback);
      }}
    >
      <ArrowLeft aria-hidden className="size-4" />
      Back
    </Button>
  );
}
