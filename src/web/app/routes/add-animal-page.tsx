// /add-animal and /group/:groupId/add-animal: a new animal in one or more groups, with a photo.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useParams, useSearchParams } from 'wouter';
import { electronicIdDigits, electronicIdProblem } from '../../../shared/animals/electronic-id';
import type { Animal } from '../../../shared/schemas/animals';
import { Loading, LoadError } from '../../components/page-states';
import { useToast } from '../../components/ui/toaster';
import { speciesQuery, useCreateAnimal, useUploadPhoto } from '../../features/animals/api/animals';
import {
  AnimalForm,
  emptyAnimalForm,
  type AnimalFormSubmit,
} from '../../features/animals/components/animal-form';
import { AnimalFormFrame } from '../../features/animals/components/animal-form-frame';
import { groupsQuery } from '../../features/groups/api/groups';
import { ApiError } from '../../lib/api';
import { saveOrQueue, waitingToSync } from '../../lib/outbox';
import { useAwaitingNamed } from '../../lib/awaiting-server';
import { stillArriving } from '../../lib/query-client';
import { profileQuery } from '../../lib/profile';

export default function AddAnimalPage() {
  const { groupId } = useParams<{ groupId?: string }>();
  const [, navigate] = useLocation();
  const toast = useToast();
  const groups = useQuery(groupsQuery);
  const profile = useQuery(profileQuery);
  // the form's species, asked beside the groups rather than once the form is there (as Edit Animal)
  const species = useQuery(speciesQuery);
  const create = useCreateAnimal();
  const upload = useUploadPhoto();
  // One id for this form: a retry after a lost response finds the animal instead of adding it twice.
  const [animalId] = useState(() => crypto.randomUUID());
  // from Scan Tag: a code no animal has (?tag=), an Electronic ID when it is one, else a tag
  const [search] = useSearchParams();
  const scanned = search.get('tag')?.trim().slice(0, 60) ?? '';
  const scannedIsElectronicId = scanned !== '' && electronicIdProblem(electronicIdDigits(scanned)) === null;
  // the group in the address is preselected once: from the server's list, when the list on hand lacks it
  const named = useAwaitingNamed([groupId ?? null, groups]);

  if (groups.isPending || profile.isPending || stillArriving(species) || named)
    return <Loading place="tight" />;
  if (groups.isError)
    return <LoadError error={groups.error} onRetry={() => void groups.refetch()} look="alert" />;
  if (profile.isError)
    return <LoadError error={profile.error} onRetry={() => void profile.refetch()} look="alert" />;

  // A group in the address that is not (or no longer) this farm's is simply not preselected.
  const routeGroup = groupId ? groups.data.find((group) => group.id === groupId) : undefined;

  const onSubmit: AnimalFormSubmit = async (values, { photo, leave }) => {
    const input = { ...values, id: animalId };
    let animal: Animal;
    try {
      // with no signal it is kept on the device (without its photo) and synced later
      const saved = await saveOrQueue(
        {
          kind: 'animal',
          id: animalId,
          input,
          summary: `New animal: ${values.name}`,
          animalIds: [animalId],
          groupIds: values.groupIds,
        },
        () => create.mutateAsync(input),
      );
      if (saved.queued) {
        toast({
          title: 'Animal added',
          description: photo.file ? `${waitingToSync} Add the photo once it has synced.` : waitingToSync,
        });
        await leave();
        navigate(`/group/${routeGroup?.id ?? values.groupIds[0]}/animals`);
        return;
      }
      animal = saved.result;
    } catch (error) {
      toast({
        title: 'Failed to add animal. Please try again.',
        description: error instanceof ApiError ? error.message : undefined,
        variant: 'destructive',
      });
      throw error;
    }
    if (photo.file) {
      try {
        await upload.mutateAsync({ id: animal.id, file: photo.file });
      } catch (error) {
        toast({
          title: 'The animal was saved, but the photo could not be uploaded.',
          description: error instanceof ApiError ? error.message : undefined,
          variant: 'destructive',
        });
      }
    }
    toast({ title: 'Animal added', description: `${animal.name} is on the record.` });
    await leave();
    navigate(`/group/${routeGroup?.id ?? values.groupIds[0]}/animals`);
  };

  return (
    <AnimalFormFrame
      heading={routeGroup ? `New animal in ${routeGroup.name}` : 'New animal'}
      backHref={routeGroup ? `/group/${routeGroup.id}/animals` : '/my-animals'}
    >
      <AnimalForm
        mode="add"
        defaultValues={{
          ...emptyAnimalForm,
          ...(scannedIsElectronicId ? { electronicId: scanned } : { tagId: scanned }),
          groupIds: routeGroup ? [routeGroup.id] : [],
        }}
        groups={groups.data}
        weightUnit={profile.data.weightUnit}
        onSubmit={onSubmit}
      />
    </AnimalFormFrame>
  );
}
