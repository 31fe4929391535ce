// The medicine cabinet: query options and mutations. Keys: ['medicines', 'list', archived?] (the
// cabinet, or its archived medicines) and ['medicines', id] (one medicine with every lot); and
// ['medicine-warnings'] (Home's card). Any write refreshes them all: stock, 'Low stock', the lots and
// the warnings move together.
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Page } from '../../../../shared/schemas/care';
import type {
  Lot,
  LotCreate,
  LotUpdate,
  Medicine,
  MedicineCreate,
  MedicineUpdate,
  Movement,
  MovementCreate,
} from '../../../../shared/schemas/medicines';
import type { MedicineWarning } from '../../../../shared/schemas/medicine-warnings';
import { client, data } from '../../../lib/api';
import { keys } from '../../../lib/query-keys';

export const medicinesQuery = (archived = false) =>
  queryOptions({
    queryKey: [keys.medicines, 'list', archived],
    queryFn: (): Promise<Medicine[]> =>
      data(client.medicines.$get({ query: archived ? { archived: 'true' } : {} })),
  });

export const medicineQuery = (id: string) =>
  queryOptions({
    queryKey: [keys.medicines, id],
    queryFn: (): Promise<Medicine> => data(client.medicines[':id'].$get({ param: { id } })),
  });

function useRefreshMedicines() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [keys.medicines] }),
      queryClient.invalidateQueries({ queryKey: [keys.medicineWarnings] }),
    ]);
}

/** Pass an id chosen once per form, so that a retried 'Add Medicine' is stored once. */
export function useCreateMedicine() {
  const refresh = useRefreshMedicines();
  return useMutation({
    mutationFn: (input: MedicineCreate & { id: string }): Promise<Medicine> =>
      data(client.medicines.$post({ json: input })),
    onSuccess: refresh,
  });
}

export function useUpdateMedicine() {
  const refresh = useRefreshMedicines();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: MedicineUpdate }): Promise<Medicine> =>
      data(client.medicines[':id'].$patch({ param: { id }, json: changes })),
    onSuccess: refresh,
  });
}

export function useSetArchived() {
  const refresh = useRefreshMedicines();
  return useMutation({
    mutationFn: ({ id, archived }: { id: string; archived: boolean }): Promise<Medicine> =>
      data(
        archived
          ? client.medicines[':id'].archive.$post({ param: { id } })
          : client.medicines[':id'].unarchive.$post({ param: { id } }),
      ),
    onSuccess: refresh,
  });
}

export function useDeleteMedicine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<null> => data(client.medicines[':id'].$delete({ param: { id } })),
    onSuccess: async (_, id) => {
      // its own page would ask for it again and find a 404
      queryClient.removeQueries({ queryKey: [keys.medicines, id] });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [keys.medicines, 'list'] }),
        queryClient.invalidateQueries({ queryKey: [keys.medicineWarnings] }),
      ]);
    },
  });
}

/** 'Add Stock': pass an id chosen once per form, so that a retry is one lot. */
export function useAddLot() {
  const refresh = useRefreshMedicines();
  return useMutation({
    mutationFn: ({
      medicineId,
      input,
    }: {
      medicineId: string;
      input: LotCreate & { id: string };
    }): Promise<Lot> => data(client.medicines[':id'].lots.$post({ param: { id: medicineId }, json: input })),
    onSuccess: refresh,
  });
}

/** A disposal or a correction of a lot's stock. */
export function useAddMovement() {
  const refresh = useRefreshMedicines();
  return useMutation({
    mutationFn: ({
      lotId,
      input,
    }: {
      lotId: string;
      input: MovementCreate & { id: string };
    }): Promise<Movement> =>
      data(client['medicine-lots'][':id'].movements.$post({ param: { id: lotId }, json: input })),
    onSuccess: refresh,
  });
}

/**
 * A lot's movements newest first, 100 a page, under ['medicines', 'lots', lotId, 'movements'] so
 * that every write to the cabinet (which refreshes ['medicines']) asks them again.
 */
export const lotMovementPagesQuery = (lotId: string) =>
  infiniteQueryOptions({
    queryKey: [keys.medicines, 'lots', lotId, 'movements'],
    queryFn: ({ pageParam }): Promise<Page<Movement>> =>
      data(
        client['medicine-lots'][':id'].movements.$get({
          param: { id: lotId },
          query: pageParam ? { offset: String(pageParam) } : {},
        }),
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset ?? undefined,
  });

/** 'Edit lot': its number, expiry, supplier and price (never its stock: a movement moves that). */
export function useUpdateLot() {
  const refresh = useRefreshMedicines();
  return useMutation({
    mutationFn: ({ lotId, changes }: { lotId: string; changes: LotUpdate }): Promise<Lot> =>
      data(client['medicine-lots'][':id'].$patch({ param: { id: lotId }, json: changes })),
    onSuccess: refresh,
  });
}

/** The cabinet's warnings on the farm's today: expired and expiring lots, then low stock. */
export const medicineWarningsQuery = queryOptions({
  queryKey: [keys.medicineWarnings],
  queryFn: (): Promise<MedicineWarning[]> => data(client['medicine-warnings'].$get()),
});

/** 'Dismiss' on a warning: a lot's expiry, or a medicine's low stock. */
export function useDismissWarning() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (warning: MedicineWarning): Promise<null> =>
      data(
        warning.lotId
          ? client['medicine-lots'][':id']['dismiss-expiry'].$post({ param: { id: warning.lotId } })
          : client.medicines[':id']['dismiss-low-stock'].$post({ param: { id: warning.medicineId } }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [keys.medicineWarnings] }),
  });
}
