// Account → 'Offline use': what the device keeps (the pages opened, the changes made without
// signal) and whether the browser has agreed not to clear it when space runs short.
import { Button } from '../../components/ui/button';
import { cardClasses } from '../../components/ui/card';
import { keepOnDevice, useStorageState } from '../../lib/outbox';

const said = {
  kept: 'Your browser keeps it until it has synced.',
  'may-be-cleared':
    'Your browser may clear it if the device runs short of space. Installing Paddock to your home screen usually lets it keep it.',
} as const;

export function OfflineSection() {
  const storage = useStorageState();
  return (
    <section aria-labelledby="offline-heading" className={`${cardClasses} space-y-3`}>
      <h2 id="offline-heading" className="text-lg font-semibold">
        Offline use
      </h2>
      <p className="text-sm text-stone-700">
        Paddock keeps the pages you have opened and the care you record without signal on this device, and
        syncs them when you are back online.
      </p>
      {storage === 'unknown' ? (
        <Button variant="secondary" onClick={() => void keepOnDevice()}>
          Keep Offline Data on This Device
        </Button>
      ) : (
        <p role="status" className="text-sm font-medium text-stone-800">
          {said[storage]}
        </p>
      )}
    </section>
  );
}
