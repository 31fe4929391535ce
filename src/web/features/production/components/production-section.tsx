// A card of the Production page: a region named by its heading, with the heading's icon.
import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { cardClasses } from '../../../components/ui/card';

export function ProductionSection({
  title,
  icon: Icon,
  children,
}: {
  title: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`${cardClasses} space-y-4`}>
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold">
        <Icon aria-hidden className="size-5 text-brand-700" />
        {title}
      </h2>
      {children}
    </section>
  );
}
