// Below the header, for someone in more than one farm: which farm they are working in, and the
// switch to another. Switching forgets every read of the farm left (lib/farm.ts); changes waiting
// to sync belong to the farm they were made in, so they are sent before a switch is allowed.
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { roleLabels } from '../../shared/members/roles';
import { useToast } from '../components/ui/toaster';
import { errorMessage } from '../lib/api';
import { farmsQuery, switchFarm, useFarmChange } from '../lib/farm';
import { useOutbox } from '../lib/outbox';

export function FarmSwitcher() {
  useFarmChange();
  const farms = useQuery(farmsQuery);
  const { waiting } = useOutbox();
  const toast = useToast();
  const [switching, setSwitching] = useState(false);
  const id = useId();
  if (!farms.data || farms.data.farms.length < 2) return null;

  const choose = async (farmId: string) => {
    if (farmId === farms.data.current) return;
    if (waiting.length) {
      toast({
        title: 'Changes are waiting to sync',
        description: 'Send them first (they belong to this farm), then switch farms.',
        variant: 'destructive',
      });
      return;
    }
    setSwitching(true);
    try {
      await switchFarm(farmId);
    } catch (error) {
      setSwitching(false);
      toast({ title: 'Failed to switch farms.', description: errorMessage(error), variant: 'destructive' });
    }
  };

  return (
    <div className="flex items-center gap-2 border-b border-stone-200 bg-stone-50 px-4 py-1.5 text-sm print:hidden">
      <label htmlFor={id} className="shrink-0 font-medium text-stone-700">
        Farm
      </label>
      <select
        id={id}
        value={farms.data.current}
        disabled={switching}
        onChange={(event) => void choose(event.target.value)}
        className="min-h-9 min-w-0 flex-1 truncate rounded-md border border-stone-300 bg-white px-2 py-1 text-sm md:max-w-sm"
      >
        {farms.data.farms.map((farm) => (
          <option key={farm.id} value={farm.id}>
            {farm.name} — {roleLabels[farm.role]}
          </option>
        ))}
      </select>
    </div>
  );
}
