// /account: 'Your Profile' (everyone's own name and contact; sign out here or everywhere) and 'Farm
// Settings' (the farm's name, zone, weight and milk units: everyone sees them, owners change them), then the farm's
// people, links, notifications, email, feed, export, offline copy and account deletion.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { useLocation } from 'wouter';
import type { z } from 'zod';
import { milkUnits } from '../../../shared/schemas/milk';
import { currencies } from '../../../shared/schemas/money';
import {
  farmSettingsUpdateSchema,
  profileUpdateSchema,
  weightUnits,
  type Profile,
} from '../../../shared/schemas/profile';
import { Loading, LoadError } from '../../components/page-states';
import { Button } from '../../components/ui/button';
import { cardClasses } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/dialog';
import { SelectField, TextField } from '../../components/ui/field';
import { useToast } from '../../components/ui/toaster';
import { useCan } from '../../lib/farm';
import { applyServerErrors } from '../../lib/form-errors';
import { useOutbox } from '../../lib/outbox';
import { forgetReads } from '../../lib/query-client';
import { profileQuery, useUpdateFarmSettings, useUpdateProfile } from '../../lib/profile';
import { signOut, signOutEverywhere } from '../../lib/session';
import { CalendarFeedSection } from './calendar-feed-section';
import { DailyEmailSection } from './daily-email-section';
import { DeleteAccountSection } from './delete-account-section';
import { ExportSection } from './export-section';
import { NotificationsSection } from './notifications-section';
import { OfflineSection } from './offline-section';
import { filterTimeZones, timeZoneOptions } from './time-zones';

// its own chunk: the invite form's rules are not needed to show the profile
const MembersSection = lazy(() => import('./members-section'));
// owners only: its own chunk, fetched only for them
const SharedLinksSection = lazy(() => import('./shared-links-section'));

type FormValues = z.input<typeof profileUpdateSchema>;
type ParsedValues = z.output<typeof profileUpdateSchema>;
type FarmValues = z.input<typeof farmSettingsUpdateSchema>;
type ParsedFarmValues = z.output<typeof farmSettingsUpdateSchema>;

type Row = { key: keyof Profile; label: string };

/** The person: their own, whatever their role on the farm. */
const personRows: Row[] = [
  { key: 'ownerName', label: 'Your Name' },
  { key: 'email', label: 'Email' },
  { key: 'phone', label: 'Phone' },
  { key: 'location', label: 'Location' },
];

/** The farm's: everyone reads them, its owners change them. */
const farmRows: Row[] = [
  { key: 'farmName', label: 'Farm Name' },
  { key: 'timeZone', label: 'Time Zone' },
  { key: 'weightUnit', label: 'Weight Unit' },
  { key: 'milkUnit', label: 'Milk Unit' },
  { key: 'organic', label: 'Organic' },
  { key: 'currency', label: 'Currency' },
];

/** A row's value as read: a yes-or-no setting says which, an empty one 'Not set'. */
function shown(value: Profile[keyof Profile]): string | null {
  if (value === true) return 'Yes: withdrawal periods doubled';
  if (value === false) return 'No';
  return value || null;
}

function Details({ profile, rows }: { profile: Profile; rows: Row[] }) {
  return (
    <dl className="divide-y divide-stone-100">
      {rows.map(({ key, label }) => (
        <div key={key} className="grid grid-cols-[8rem_minmax(0,1fr)] gap-2 py-2 text-sm">
          <dt className="font-medium text-stone-600">{label}</dt>
          <dd className={`[overflow-wrap:anywhere] ${shown(profile[key]) ? '' : 'text-stone-500 italic'}`}>
            {shown(profile[key]) ?? 'Not set'}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A search box over the Time Zone list: 418 zones are too many to scroll on a phone. */
function TimeZoneField({
  saved,
  current,
  error,
  registration,
}: {
  /** the farm's saved zone: always listed */
  saved: string;
  /** the zone chosen in the form: never filtered away */
  current: string;
  error?: string;
  registration: ReturnType<ReturnType<typeof useForm<FarmValues, unknown, ParsedFarmValues>>['register']>;
}) {
  const [query, setQuery] = useState('');
  const options = useMemo(() => timeZoneOptions(Intl.supportedValuesOf('timeZone'), saved), [saved]);
  const shown = useMemo(() => filterTimeZones(options, query, current), [options, query, current]);
  return (
    <div className="space-y-2">
      <TextField
        label="Search time zones"
        type="search"
        placeholder="City, region or GMT offset"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        hint={query ? `${shown.length} of ${options.length} time zones` : undefined}
      />
      <SelectField label="Time Zone" error={error} {...registration}>
        {shown.map((zone) => (
          <option key={zone.id} value={zone.id}>
            {zone.label}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

function FormButtons({ saving, onClose }: { saving: boolean; onClose: () => void }) {
  return (
    <div className="flex gap-2">
      <Button type="submit" disabled={saving} className="flex-1">
        {saving ? 'Saving...' : 'Save Changes'}
      </Button>
      <Button variant="secondary" disabled={saving} onClick={onClose} className="flex-1">
        Cancel
      </Button>
    </div>
  );
}

/** 'Your Profile': the person's own name and contact. */
function ProfileForm({ profile, onClose }: { profile: Profile; onClose: () => void }) {
  const toast = useToast();
  const update = useUpdateProfile();
  const form = useForm<FormValues, unknown, ParsedValues>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: {
      ownerName: profile.ownerName ?? '',
      email: profile.email ?? '',
      phone: profile.phone ?? '',
      location: profile.location ?? '',
    },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      toast({ title: 'Profile updated successfully!' });
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, (field) => field as Path<FormValues>);
      toast({ title: 'Failed to update profile. Please try again.', variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <TextField
        label="Your Name"
        autoComplete="name"
        error={errors.ownerName?.message}
        {...form.register('ownerName')}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        {...form.register('phone')}
      />
      <TextField
        label="Location"
        autoComplete="address-level2"
        error={errors.location?.message}
        {...form.register('location')}
      />
      <FormButtons saving={update.isPending} onClose={onClose} />
    </form>
  );
}

/** 'Farm Settings': the farm's name, zone, units and organic rules, for its owners. */
function FarmSettingsForm({ profile, onClose }: { profile: Profile; onClose: () => void }) {
  const toast = useToast();
  const update = useUpdateFarmSettings();
  const form = useForm<FarmValues, unknown, ParsedFarmValues>({
    resolver: zodResolver(farmSettingsUpdateSchema),
    defaultValues: {
      farmName: profile.farmName ?? '',
      timeZone: profile.timeZone,
      weightUnit: profile.weightUnit,
      milkUnit: profile.milkUnit,
      organic: profile.organic,
      currency: profile.currency,
    },
  });
  const { errors } = form.formState;
  const chosenZone = useWatch({ control: form.control, name: 'timeZone' });

  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      toast({ title: 'Farm settings updated' });
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, (field) => field as Path<FarmValues>);
      toast({ title: 'Failed to update farm settings. Please try again.', variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <TextField
        label="Farm Name"
        autoComplete="organization"
        error={errors.farmName?.message}
        {...form.register('farmName')}
      />
      <TimeZoneField
        saved={profile.timeZone}
        current={chosenZone ?? profile.timeZone}
        error={errors.timeZone?.message}
        registration={form.register('timeZone')}
      />
      <div className="grid grid-cols-2 gap-3">
        <SelectField label="Weight Unit" error={errors.weightUnit?.message} {...form.register('weightUnit')}>
          {weightUnits.map((unit) => (
            <option key={unit} value={unit}>
              {unit}
            </option>
          ))}
        </SelectField>
        <SelectField label="Milk Unit" error={errors.milkUnit?.message} {...form.register('milkUnit')}>
          {milkUnits.map((unit) => (
            <option key={unit} value={unit}>
              {unit}
            </option>
          ))}
        </SelectField>
      </div>
      <label className="flex min-h-11 w-fit cursor-pointer items-center gap-3 text-sm font-medium text-stone-800">
        <input type="checkbox" className="size-4 accent-brand-700" {...form.register('organic')} />
        Organic: double withdrawal periods
      </label>
      <SelectField label="Currency" error={errors.currency?.message} {...form.register('currency')}>
        {currencies.map((currency) => (
          <option key={currency} value={currency}>
            {currency}
          </option>
        ))}
      </SelectField>
      <FormButtons saving={update.isPending} onClose={onClose} />
    </form>
  );
}

function SignOutButtons() {
  const [, navigate] = useLocation();
  const toast = useToast();
  const [busy, setBusy] = useState<'here' | 'everywhere' | null>(null);
  const { waiting } = useOutbox();
  const [asking, setAsking] = useState<'here' | 'everywhere' | null>(null);

  /** With changes not yet on the server, say so first: they stay on this device for the next sign-in. */
  const start = (which: 'here' | 'everywhere') => (waiting.length ? setAsking(which) : void run(which));

  const run = async (which: 'here' | 'everywhere') => {
    setAsking(null);
    setBusy(which);
    try {
      if (which === 'everywhere') await signOutEverywhere();
      await signOut();
      await forgetReads();
      navigate('/auth', { replace: true });
    } catch {
      toast({ title: 'An unexpected error occurred.', variant: 'destructive' });
      setBusy(null);
    }
  };

  return (
    <div className="space-y-2 border-t border-stone-200 pt-4">
      <Button variant="secondary" className="w-full" disabled={busy !== null} onClick={() => start('here')}>
        {busy === 'here' ? 'Signing Out...' : 'Sign Out'}
      </Button>
      <Button variant="ghost" className="w-full" disabled={busy !== null} onClick={() => start('everywhere')}>
        {busy === 'everywhere' ? 'Signing Out...' : 'Sign out of all devices'}
      </Button>
      <ConfirmDialog
        open={asking !== null}
        title="Changes waiting to sync"
        message={`${waiting.length === 1 ? '1 change' : `${waiting.length} changes`} recorded on this device ${
          waiting.length === 1 ? 'has' : 'have'
        } not reached your farm yet. ${
          waiting.length === 1 ? 'It stays' : 'They stay'
        } on this device and ${waiting.length === 1 ? 'is' : 'are'} sent when you sign in here again.`}
        confirmLabel="Sign Out Anyway"
        onConfirm={() => asking && void run(asking)}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}

export default function AccountPage() {
  const profile = useQuery(profileQuery);
  const [editing, setEditing] = useState(false);
  const [editingFarm, setEditingFarm] = useState(false);
  const owner = useCan('owner');

  if (profile.isPending) return <Loading />;
  if (profile.isError) return <LoadError error={profile.error} onRetry={() => void profile.refetch()} />;

  return (
    // from 1024 px the sections flow into two columns, in the phone's order
    <div className="space-y-4 lg:columns-2 lg:gap-4 lg:space-y-0 lg:*:mb-4 lg:*:break-inside-avoid">
      <section aria-labelledby="profile-heading" className={`${cardClasses} space-y-4`}>
        <div className="flex items-center justify-between gap-2">
          <h2 id="profile-heading" className="text-lg font-semibold">
            Your Profile
          </h2>
          {!editing && (
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Edit Profile
            </Button>
          )}
        </div>
        {editing ? (
          <ProfileForm profile={profile.data} onClose={() => setEditing(false)} />
        ) : (
          <Details profile={profile.data} rows={personRows} />
        )}
        <SignOutButtons />
      </section>
      <section aria-labelledby="farm-settings-heading" className={`${cardClasses} space-y-4`}>
        <div className="flex items-center justify-between gap-2">
          <h2 id="farm-settings-heading" className="text-lg font-semibold">
            Farm Settings
          </h2>
          {owner && !editingFarm && (
            <Button variant="secondary" onClick={() => setEditingFarm(true)}>
              Edit Farm Settings
            </Button>
          )}
        </div>
        {owner && editingFarm ? (
          <FarmSettingsForm profile={profile.data} onClose={() => setEditingFarm(false)} />
        ) : (
          <Details profile={profile.data} rows={farmRows} />
        )}
        {!owner && <p className="text-sm text-stone-600">Only the farm&apos;s owner can change these.</p>}
      </section>
      <Suspense
        fallback={
          <div className={cardClasses}>
            <Loading place="section">Loading farm members...</Loading>
          </div>
        }
      >
        <MembersSection farmName={profile.data.farmName ?? 'this farm'} />
      </Suspense>
      {owner && (
        <Suspense
          fallback={
            <div className={cardClasses}>
              <Loading place="section">Loading shared links...</Loading>
            </div>
          }
        >
          <SharedLinksSection />
        </Suspense>
      )}
      <NotificationsSection />
      <DailyEmailSection />
      <CalendarFeedSection />
      {owner && <ExportSection />}
      <OfflineSection />
      <DeleteAccountSection />
    </div>
  );
}
