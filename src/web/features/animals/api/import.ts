// The import preview's look at the herd: its animals' names and tags, so that a row the herd
// already has shows as a problem before anything is sent. Under ['animals']: an import, or any
// change to the herd, refreshes it.
import { queryOptions } from '@tanstack/react-query';
import type { ImportKnown } from '../../../../shared/schemas/import';
import { client, data } from '../../../lib/api';
import { keys } from '../../../lib/query-keys';

export const importKnownQuery = queryOptions({
  queryKey: [keys.animals, 'import-known'],
  queryFn: (): Promise<ImportKnown> => data(client.animals.import.known.$get()),
  // read afresh each time the page opens: another member may have added animals since
  staleTime: 0,
  gcTime: 60_000,
});
