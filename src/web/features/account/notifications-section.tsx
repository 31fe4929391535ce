// Account → 'Notifications' (issue 29, decision 0045): 'Turn on notifications on this device', the
// person's devices with notifications on for this farm ('Pixel 8 · Chrome · since Nov 26'), each
// with 'Turn off', and the time of the morning notification. Every role: each person their own.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { Device } from '../../../shared/schemas/notifications';
import { LoadError, Loading } from '../../components/page-states';
import { Button } from '../../components/ui/button';
import { cardClasses } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import { useToast } from '../../components/ui/toaster';
import { ApiError, errorMessage, offlineMessage } from '../../lib/api';
import { useOnline } from '../../lib/outbox';
import { addDevice, deleteDevice, notificationsQuery, useSetNotifyAt } from './api/notifications';
import { thisDeviceLabel } from './device-label';
import {
  forgetThisDevice,
  pushSupport,
  PushProblem,
  rememberThisDevice,
  subscribeThisDevice,
  thisDeviceIds,
  unsubscribeThisDevice,
  type PushSupport,
} from './push-device';

const supportSays: Record<Exclude<PushSupport, 'supported'>, string> = {
  unsupported: 'This browser cannot show notifications.',
  'install-first':
    'This browser cannot show notifications. On an iPhone or iPad, add Paddock to your Home Screen (Share → Add to Home Screen) and turn them on there.',
  denied: 'Notifications are blocked for Paddock in this browser’s settings.',
};

const sinceFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const sinceFormatWithYear = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** 'since Nov 26' (with the year when it is not this year's). */
function since(createdAt: string): string {
  const date = new Date(createdAt);
  const format = date.getFullYear() === new Date().getFullYear() ? sinceFormat : sinceFormatWithYear;
  return `since ${format.format(date)}`;
}

export function NotificationsSection() {
  const settings = useQuery(notificationsQuery);
  const queryClient = useQueryClient();
  const toast = useToast();
  const online = useOnline();
  const offlineId = useId();
  const [support, setSupport] = useState(pushSupport);
  const [mine, setMine] = useState(thisDeviceIds);
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey });

  const turnOn = async (publicKey: string) => {
    setBusy('on');
    setProblem(null);
    try {
      const subscription = await subscribeThisDevice(publicKey);
      const device = await addDevice({
        endpoint: subscription.endpoint!,
        keys: { p256dh: subscription.keys!.p256dh!, auth: subscription.keys!.auth! },
        label: await thisDeviceLabel(),
      });
      rememberThisDevice(device.id);
      setMine(thisDeviceIds());
      await refresh();
      toast({ title: 'Notifications on for this device', description: device.label });
    } catch (error) {
      if (error instanceof PushProblem) {
        if (error.denied) setSupport('denied');
        else setProblem(error.message);
      } else {
        toast({
          title: 'Failed to turn on notifications. Please try again.',
          description: offlineMessage(error) ?? errorMessage(error),
          variant: 'destructive',
        });
      }
    } finally {
      setBusy(null);
    }
  };

  const turnOff = async (device: Device) => {
    setBusy(device.id);
    try {
      await deleteDevice(device.id).catch((error: unknown) => {
        // already off (turned off from another device, or its push service said it was gone)
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      });
      if (mine.has(device.id)) {
        forgetThisDevice(device.id);
        setMine(thisDeviceIds());
        await unsubscribeThisDevice().catch(() => undefined);
      }
      await refresh();
      toast({ title: 'Notifications off', description: device.label });
    } catch (error) {
      toast({
        title: 'Failed to turn off notifications. Please try again.',
        description: offlineMessage(error),
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  };

  const body = () => {
    if (settings.isPending) return <Loading place="section" />;
    if (settings.isError)
      return <LoadError error={settings.error} onRetry={() => void settings.refetch()} look="inline" />;
    const { devices, publicKey, notifyAt } = settings.data;
    const thisOn = devices.some((device) => mine.has(device.id));
    const offline = online ? undefined : offlineId;
    return (
      <>
        {support !== 'supported' ? (
          <p role="status" className="text-sm font-medium text-stone-800">
            {supportSays[support]}
          </p>
        ) : (
          !thisOn && (
            <Button
              onClick={() => void turnOn(publicKey)}
              disabled={!online || busy !== null}
              aria-describedby={offline}
            >
              {busy === 'on' ? 'Turning on...' : 'Turn on notifications on this device'}
            </Button>
          )
        )}
        {problem && (
          <p role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        )}
        {!online && (
          <p id={offlineId} className="text-sm text-stone-600">
            You are offline: turning notifications on or off and changing the time need a connection.
          </p>
        )}
        {devices.length ? (
          <ul aria-label="Your devices" className="divide-y divide-stone-100">
            {devices.map((device) => (
              <li key={device.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                <span className="min-w-0 [overflow-wrap:anywhere]">
                  {device.label} · {since(device.createdAt)}
                  {mine.has(device.id) && (
                    <span className="ml-2 inline-block rounded bg-brand-50 px-1.5 py-0.5 text-xs font-medium text-brand-800">
                      This device
                    </span>
                  )}
                </span>
                <Button
                  variant="secondary"
                  aria-label={`Turn off ${device.label}${mine.has(device.id) ? ' (this device)' : ''}`}
                  aria-describedby={offline}
                  disabled={!online || busy !== null}
                  onClick={() => void turnOff(device)}
                >
                  {busy === device.id ? 'Turning off...' : 'Turn off'}
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-stone-600">Notifications are off on all your devices.</p>
        )}
        <MorningTime saved={notifyAt} online={online} offlineId={offline} />
      </>
    );
  };

  return (
    <section aria-labelledby="notifications-heading" className={`${cardClasses} space-y-3`}>
      <h2 id="notifications-heading" className="text-lg font-semibold">
        Notifications
      </h2>
      <p className="text-sm text-stone-700">
        Each morning, one notification of the reminders due today (none on days with nothing due), and one
        when a reminder with a time of day is due. Mark it done from the notification.
      </p>
      {body()}
    </section>
  );
}

/** 'Morning notification at': the person's time on this farm, in the farm's time zone. */
function MorningTime({
  saved,
  online,
  offlineId,
}: {
  saved: string;
  online: boolean;
  offlineId: string | undefined;
}) {
  // What the person typed, until it is saved: the server's answer to the device's copy (or a save
  // from another device) moves the saved time, never what is being typed.
  const [edited, setEdited] = useState<string | undefined>();
  const time = edited ?? saved;
  const [error, setError] = useState<string | undefined>();
  const save = useSetNotifyAt();
  const toast = useToast();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!time) return setError('Enter a time of day');
    setError(undefined);
    try {
      await save.mutateAsync(time);
      setEdited(undefined);
      toast({ title: 'Morning notification time saved' });
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.fields?.notifyAt?.[0] : undefined;
      if (field) return setError(field);
      toast({
        title: 'Failed to save the time. Please try again.',
        description: offlineMessage(failure),
        variant: 'destructive',
      });
    }
  };

  return (
    <form className="space-y-2" onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label="Morning notification at"
        type="time"
        value={time}
        error={error}
        hint="In your farm’s time zone."
        onChange={(event) => setEdited(event.target.value)}
      />
      <Button
        type="submit"
        variant="secondary"
        disabled={!online || save.isPending || time === saved}
        aria-describedby={offlineId}
      >
        {save.isPending ? 'Saving...' : 'Save Time'}
      </Button>
    </form>
  );
}
