// The animal form's frame: Back, the card and its heading, drawn by the page around the form. The
// edit page draws it while the form's code (the form libraries and the fields, ~40 KB) is still on
// its way, so that its heading, the page's largest text, paints once and without waiting for them
// (decision 0054).
import { useId, type ReactNode } from 'react';
import { BackButton } from '../../../components/back-button';
import { cardClasses } from '../../../components/ui/card';

export function AnimalFormFrame({
  heading,
  backHref,
  children,
}: {
  heading: ReactNode;
  backHref: string;
  /** the form, under the heading */
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <div className="space-y-3">
      <BackButton fallback={backHref} />
      <section aria-labelledby={headingId} className={`${cardClasses} space-y-4`}>
        <h2 id={headingId} className="text-lg font-semibold break-words">
          {heading}
        </h2>
        {children}
      </section>
    </div>
  );
}
