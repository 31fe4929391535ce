// Changes recorded on this device that the server does not have yet, shown where they belong (an
// animal's history, a group's log, the animal lists) as 'Waiting to sync'.
import { CloudUpload } from 'lucide-react';
import { useOutbox, type Change } from '../lib/outbox';

export function WaitingChanges({
  kind,
  animalId,
  groupId,
}: {
  kind: Change['kind'];
  animalId?: string;
  groupId?: string;
}) {
  const { waiting } = useOutbox();
  const here = waiting.filter(
    (change) =>
      change.kind === kind &&
      (animalId === undefined || change.animalIds.includes(animalId)) &&
      (groupId === undefined || change.groupIds.includes(groupId)),
  );
  if (!here.length) return null;
  return (
    <ul aria-label="Waiting to sync" className="space-y-2">
      {here.map((change) => (
        <li
          key={change.id}
          className="flex items-start justify-between gap-3 rounded-lg border border-dashed border-amber-400 bg-amber-50 px-3 py-2 text-sm"
        >
          <span className="min-w-0 font-medium break-words text-stone-900">{change.summary}</span>
          <span className="inline-flex shrink-0 items-center gap-1 text-amber-900">
            <CloudUpload aria-hidden className="size-4" />
            Waiting to sync
          </span>
        </li>
      ))}
    </ul>
  );
}
