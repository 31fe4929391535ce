// The card the cabinet's forms sit in ('Add Medicine', 'Edit Medicine', 'Add Stock'), under Back.
import type { ReactNode } from 'react';
import { BackButton } from '../../../components/back-button';
import { cardClasses } from '../../../components/ui/card';

export const cabinet = '/medicines';

export function FormCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <div className="space-y-2">
      <BackButton fallback={cabinet} />
      <section aria-labelledby="medicine-form-heading" className={`${cardClasses} space-y-4`}>
        <div className="space-y-1">
          <h2 id="medicine-form-heading" className="text-lg font-semibold">
            {title}
          </h2>
          {subtitle && <p className="text-sm [overflow-wrap:anywhere] text-stone-600">{subtitle}</p>}
        </div>
        {children}
      </section>
    </div>
  );
}
