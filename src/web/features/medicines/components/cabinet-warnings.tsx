// Home's 'Medicine Cabinet' card (issue 27 item 5, decision 0042): the cabinet's warnings — lots
// expired or expiring within 30 days, medicines low in stock — each with 'Dismiss' for those whose
// role may, and a link to the cabinet. Nothing at all while there is no warning (or none loaded:
// the reminders above are what Home is for).
import { useQuery } from '@tanstack/react-query';
import { Pill } from 'lucide-react';
import { Link } from 'wouter';
import { warningText } from '../../../../shared/medicines/warning-text';
import type { MedicineWarning } from '../../../../shared/schemas/medicine-warnings';
import { Button } from '../../../components/ui/button';
import { cardClasses } from '../../../components/ui/card';
import { useToast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api';
import { useCan } from '../../../lib/farm';
import { medicineWarningsQuery, useDismissWarning } from '../api/medicines';

const badge = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap';
const badges: Record<MedicineWarning['kind'], { label: string; className: string }> = {
  expired: { label: 'Expired', className: 'bg-red-100 text-red-900' },
  expiring: { label: 'Expires soon', className: 'bg-amber-100 text-amber-900' },
  'low-stock': { label: 'Low stock', className: 'bg-amber-100 text-amber-900' },
};

const warningKey = (warning: MedicineWarning) => `${warning.kind}:${warning.lotId ?? warning.medicineId}`;

function DismissButton({ warning, text }: { warning: MedicineWarning; text: string }) {
  const dismiss = useDismissWarning();
  const toast = useToast();
  return (
    <Button
      variant="secondary"
      className="min-h-9 shrink-0 px-3"
      aria-label={`Dismiss: ${text}`}
      disabled={dismiss.isPending}
      onClick={() =>
        dismiss.mutate(warning, {
          onError: (error) =>
            toast({ title: 'Could not dismiss', description: errorMessage(error), variant: 'destructive' }),
        })
      }
    >
      {dismiss.isPending ? 'Dismissing…' : 'Dismiss'}
    </Button>
  );
}

export function CabinetWarningsCard() {
  const warnings = useQuery(medicineWarningsQuery);
  const canDismiss = useCan('member');
  if (!warnings.data?.length) return null;
  return (
    <section aria-labelledby="cabinet-warnings-heading" className={`${cardClasses} space-y-2`}>
      <div className="flex items-center justify-between gap-2">
        <h2 id="cabinet-warnings-heading" className="flex items-center gap-2 text-base font-semibold">
          <Pill aria-hidden className="size-4 text-brand-700" />
          Medicine Cabinet
        </h2>
        <Link
          href="/medicines"
          className="inline-flex min-h-6 items-center text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
        >
          Open cabinet
        </Link>
      </div>
      <ul className="divide-y divide-stone-100">
        {warnings.data.map((warning) => {
          const text = warningText(warning);
          const { label, className } = badges[warning.kind];
          return (
            <li
              key={warningKey(warning)}
              data-testid="cabinet-warning"
              className="flex items-center gap-2 py-2"
            >
              <div className="min-w-0 flex-1 space-y-0.5">
                <p className="text-sm font-medium break-words">{text}</p>
                <span className={`${badge} ${className}`}>{label}</span>
              </div>
              {canDismiss && <DismissButton warning={warning} text={text} />}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
