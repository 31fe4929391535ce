// What the device holds that the server does not, under the header: a quiet 'Offline', 'N changes
// waiting to sync', the changes the server refused (with what to do), and a new version waiting.
import { CloudOff } from 'lucide-react';
import { Button } from '../components/ui/button';
import { reloadToNewVersion, useNewVersionWaiting } from '../lib/app-update';
import { dismissChange, syncNow, useOnline, useOutbox, useStorageState } from '../lib/outbox';

const changesText = (count: number) => `${count} ${count === 1 ? 'change' : 'changes'}`;

/** The header's 'Offline': shown only while the browser has no network. */
export function OfflineIndicator() {
  const online = useOnline();
  if (online) return null;
  return (
    <p
      role="status"
      className="ml-auto inline-flex shrink-0 items-center gap-1 rounded-full bg-stone-200 px-2.5 py-1 text-xs font-medium text-stone-800"
    >
      <CloudOff aria-hidden className="size-3.5" />
      Offline
    </p>
  );
}

function Waiting() {
  const { waiting, othersWaiting } = useOutbox();
  const online = useOnline();
  const storage = useStorageState();
  if (!waiting.length && !othersWaiting) return null;
  return (
    <section
      aria-label="Sync"
      className="space-y-1 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-950"
    >
      {waiting.length > 0 && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p role="status" className="font-medium">
            {changesText(waiting.length)} waiting to sync
          </p>
          {online && (
            <Button variant="secondary" className="min-h-9 px-3" onClick={() => void syncNow()}>
              Sync now
            </Button>
          )}
        </div>
      )}
      {waiting.length > 0 && !online && <p>They will be sent when you are back online.</p>}
      {waiting.length > 0 && storage === 'may-be-cleared' && (
        <p>This browser may clear them if the device runs short of space: sync as soon as you can.</p>
      )}
      {othersWaiting > 0 && (
        <p>
          {changesText(othersWaiting)} from another account wait on this device; they are sent when that
          account signs in here.
        </p>
      )}
    </section>
  );
}

function Refused() {
  const { refused } = useOutbox();
  if (!refused.length) return null;
  return (
    <section
      role="alert"
      aria-label="Changes not saved"
      className="space-y-2 border-b border-red-200 bg-red-50 px-4 py-2 text-sm text-red-950"
    >
      <p className="font-semibold">
        {refused.length === 1
          ? 'A change could not be saved'
          : `${refused.length} changes could not be saved`}
      </p>
      <p>Record it again if it still applies, then dismiss this message.</p>
      <ul className="space-y-2">
        {refused.map((change) => (
          <li key={change.id} className="flex items-start justify-between gap-2">
            <p className="min-w-0 break-words">
              <span className="font-medium">{change.summary}</span>: {change.refused}
            </p>
            <Button
              variant="secondary"
              className="min-h-9 shrink-0 px-3"
              aria-label={`Dismiss ${change.summary}`}
              onClick={() => void dismissChange(change.id)}
            >
              Dismiss
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function NewVersion() {
  const waiting = useNewVersionWaiting();
  if (!waiting) return null;
  return (
    <section
      aria-label="New version"
      className="flex flex-wrap items-center justify-between gap-2 border-b border-sky-200 bg-sky-50 px-4 py-2 text-sm text-sky-950"
    >
      <p className="font-medium">A new version is available</p>
      <Button variant="secondary" className="min-h-9 px-3" onClick={reloadToNewVersion}>
        Reload
      </Button>
    </section>
  );
}

/** The banners, in the order they matter: a refused change, what waits, a new version. */
export function SyncBanners() {
  return (
    <div className="print:hidden">
      <Refused />
      <Waiting />
      <NewVersion />
    </div>
  );
}
