// The edit page's form (edit-animal-page.tsx draws its frame and heading around it): the animal form,
// prefilled, with Cancel (back, nothing saved) and Delete. Only the fields the user changed are
// sent (plus the full set of groups), so an unchanged weight keeps the unit it was recorded in.
import { Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { Animal, AnimalUpdate } from '../../../shared/schemas/animals';
import type { Group } from '../../../shared/schemas/groups';
import type { WeightUnit } from '../../../shared/schemas/profile';
import { convertWeight, formatWeight, roundWeight } from '../../../shared/units/weights';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { useToast } from '../../components/ui/toaster';
import {
  useDeleteAnimal,
  useRemovePhoto,
  useUpdateAnimal,
  useUploadPhoto,
} from '../../features/animals/api/animals';
import {
  AnimalForm,
  type AnimalFormSubmit,
  type AnimalFormValues,
  parentFormValues,
} from '../../features/animals/components/animal-form';
import { ApiError } from '../../lib/api';

/** The saved weight in the farm's current unit (one decimal), and a note when it was converted. */
function weightInFarmUnit(animal: Animal, farmUnit: WeightUnit): { value: string; hint?: string } {
  if (animal.weight === null) return { value: '' };
  const recordedIn = animal.weightUnit ?? 'lbs';
  if (recordedIn === farmUnit) return { value: String(animal.weight) };
  return {
    value: String(roundWeight(convertWeight(animal.weight, recordedIn, farmUnit))),
    hint: `Recorded as ${formatWeight(animal.weight, recordedIn, recordedIn)}; shown in ${farmUnit}.`,
  };
}

function formValues(animal: Animal, weight: string): AnimalFormValues {
  return {
    name: animal.name,
    breed: animal.breed ?? '',
    sex: animal.sex ?? '',
    birthDate: animal.birthDate ?? '',
    weight,
    speciesId: animal.speciesId ?? '',
    color: animal.color ?? '',
    ...parentFormValues(animal),
    tagId: animal.tagId ?? '',
    electronicId: animal.electronicId ?? '',
    groupIds: animal.groups.map((group) => group.id),
  };
}

export default function EditAnimalForm({
  animal,
  weightUnit,
  groups,
}: {
  animal: Animal;
  weightUnit: WeightUnit;
  /** the page's read of them (a read of its own here, mounted later, would ask again) */
  groups: Group[];
}) {
  const [, navigate] = useLocation();
  const toast = useToast();
  const update = useUpdateAnimal(animal.id);
  const upload = useUploadPhoto();
  const removePhoto = useRemovePhoto();
  const remove = useDeleteAnimal();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  /** the form's leave guard, handed over by its Delete button: a deleted animal's form is left */
  const leaveAfterDelete = useRef(async () => {});

  const weight = weightInFarmUnit(animal, weightUnit);

  const onSubmit: AnimalFormSubmit = async (values, { photo, isDirty, leave }) => {
    const changes: AnimalUpdate = {
      ...(isDirty('name') && { name: values.name }),
      ...(isDirty('breed') && { breed: values.breed }),
      ...(isDirty('sex') && { sex: values.sex }),
      ...(isDirty('birthDate') && { birthDate: values.birthDate }),
      ...(isDirty('weight') && { weight: values.weight }),
      ...(isDirty('speciesId') && { speciesId: values.speciesId }),
      ...(isDirty('color') && { color: values.color }),
      ...((isDirty('damChoice') || isDirty('dam')) && { damId: values.damId, dam: values.dam }),
      ...((isDirty('sireChoice') || isDirty('sire')) && { sireId: values.sireId, sire: values.sire }),
      ...(isDirty('tagId') && { tagId: values.tagId }),
      ...(isDirty('electronicId') && { electronicId: values.electronicId }),
      groupIds: values.groupIds,
    };
    try {
      await update.mutateAsync(changes);
    } catch (error) {
      toast({
        title: 'Failed to update animal. Please try again.',
        description: error instanceof ApiError ? error.message : undefined,
        variant: 'destructive',
      });
      throw error;
    }
    try {
      if (photo.file) await upload.mutateAsync({ id: animal.id, file: photo.file });
      else if (photo.removeCurrent && animal.photoUrl) await removePhoto.mutateAsync(animal.id);
    } catch (error) {
      toast({
        title: photo.file
          ? 'The animal was saved, but the photo could not be uploaded.'
          : 'The animal was saved, but the photo could not be removed.',
        description: error instanceof ApiError ? error.message : undefined,
        variant: 'destructive',
      });
    }
    toast({ title: 'Animal updated' });
    await leave();
    navigate(`/animal/${animal.id}`);
  };

  const deleteAnimal = async () => {
    try {
      await remove.mutateAsync(animal.id);
      setConfirmingDelete(false);
      toast({ title: 'Animal deleted successfully' });
      await leaveAfterDelete.current();
      navigate('/my-animals');
    } catch {
      setConfirmingDelete(false);
      toast({ title: 'Failed to delete animal. Please try again.', variant: 'destructive' });
    }
  };

  return (
    <>
      <AnimalForm
        mode="edit"
        animalId={animal.id}
        parents={{
          dam: animal.damId && animal.dam ? { id: animal.damId, name: animal.dam } : undefined,
          sire: animal.sireId && animal.sire ? { id: animal.sireId, name: animal.sire } : undefined,
        }}
        defaultValues={formValues(animal, weight.value)}
        groups={groups}
        weightUnit={weightUnit}
        weightHint={weight.hint}
        currentPhotoUrl={animal.photoUrl}
        onSubmit={onSubmit}
        footer={(leave) => (
          <div className="grid grid-cols-2 gap-2">
            {/* Cancel discards on purpose: no question */}
            <Button
              variant="secondary"
              onClick={() => void leave().then(() => navigate(`/animal/${animal.id}`))}
            >
              Cancel
            </Button>
            <Button
              variant="destructive"
              onClick={() => {
                leaveAfterDelete.current = leave;
                setConfirmingDelete(true);
              }}
            >
              <Trash2 aria-hidden className="size-4" />
              Delete
            </Button>
          </div>
        )}
      />
      <ConfirmDialog
        open={confirmingDelete}
        title={`Delete ${animal.name}?`}
        message="Are you sure you want to delete this animal? This action cannot be undone."
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={() => void deleteAnimal()}
        onCancel={() => setConfirmingDelete(false)}
      />
    </>
  );
}
