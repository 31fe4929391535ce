// The farm's animals as a filter chooses them (GET /api/v1/animals?…), or, with no signal, the
// same filter run by the device on its copy of the whole herd: My Animals and Print Labels.
import { useQuery } from '@tanstack/react-query';
import type { AnimalListItem, AnimalListQuery } from '../../../shared/schemas/animals';
import { useFarmToday } from '../../hooks/use-farm-today';
import { ApiError } from '../../lib/api';
import { useOnline } from '../../lib/outbox';
import { animalSearchQuery, speciesQuery } from './api/animals';
import { searchHerd } from './animal-filters';

export function useFilteredHerd(filter: AnimalListQuery) {
  const animals = useQuery(animalSearchQuery(filter));
  // the whole herd (the unfiltered list: the same query when nothing is chosen), kept on the device
  const herd = useQuery(animalSearchQuery({}));
  const online = useOnline();
  const species = useQuery(speciesQuery);
  const { today } = useFarmToday();
  const noNetwork = !online || (animals.error instanceof ApiError && animals.error.status === 0);
  const onDevice: AnimalListItem[] | null =
    noNetwork && herd.data ? searchHerd(herd.data, filter, { today, species: species.data }) : null;
  return {
    /** the server's answer (pending, error, placeholder while a new filter loads) */
    animals,
    /** the device's answer with no signal, else null */
    onDevice,
    /** when the device's copy of the herd was fetched */
    herdUpdatedAt: herd.dataUpdatedAt,
    list: onDevice ?? animals.data ?? [],
    /** the list shown is the previous filter's while the new one loads */
    stale: !onDevice && animals.isPlaceholderData,
    today,
  };
}
