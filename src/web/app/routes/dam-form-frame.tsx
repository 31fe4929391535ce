// The frame of a dam's breeding and birth forms: Back to her profile, the leave guard's dialog, and
// the card with its heading around the form.
import type { FormEventHandler, ReactNode } from 'react';
import { BackButton } from '../../components/back-button';
import { cardClasses } from '../../components/ui/card';
import { LeaveGuardDialog, type LeaveGuard } from '../../hooks/use-leave-guard';

export function DamFormFrame({
  id,
  title,
  damId,
  guard,
  onSubmit,
  children,
}: {
  id: string;
  title: string;
  damId: string;
  guard: LeaveGuard;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <div className="space-y-2">
      <BackButton fallback={`/animal/${damId}`} />
      <LeaveGuardDialog {...guard.dialog} />
      <section aria-labelledby={id} className={`${cardClasses} space-y-4`}>
        <h2 id={id} className="text-lg font-semibold [overflow-wrap:anywhere]">
          {title}
        </h2>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {children}
        </form>
      </section>
    </div>
  );
}
