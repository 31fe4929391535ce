// What a page whose form a farm sitter may not send shows them instead (they reach it only by its
// address: its links are hidden from them). While the role is not known yet the page shows as it
// always did; the server refuses what the role may not do anyway.
import { Link } from 'wouter';
import { roleDescriptions, roleLabels } from '../../shared/members/roles';
import { buttonBase, buttonClasses } from './ui/button';
import { cardClasses } from './ui/card';
import { useCan, useFarmRole } from '../lib/farm';

/** True when the role on the farm in use is known and may not add, edit or delete (a farm sitter). */
export function useMembersOnly(): boolean {
  const role = useFarmRole();
  const member = useCan('member');
  return role !== undefined && !member;
}

/** 'Members only', what the person's role lets them do, and a way back. */
export function MembersOnlyNotice({ backHref }: { backHref: string }) {
  const role = useFarmRole();
  return (
    <div className={`${cardClasses} space-y-3 py-8 text-center`}>
      <h2 className="text-lg font-semibold">Members only</h2>
      <p className="text-sm text-stone-700">
        Only the farm&apos;s owners and members can do this.
        {role && (
          <>
            {' '}
            Your role: {roleLabels[role]}. {roleDescriptions[role]}
          </>
        )}
      </p>
      <Link href={backHref} className={`${buttonBase} ${buttonClasses.secondary}`}>
        Go Back
      </Link>
    </div>
  );
}
