// Account → 'Export Data' → 'Import a Paddock File': a 'Download JSON' document into this (empty) farm.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExportDocument } from '../../../../shared/schemas/export';
import { client, data } from '../../../lib/api';

export function useImportDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (document: ExportDocument): Promise<{ rows: number }> =>
      data(client.import.$post({ json: document })),
    // every list of the farm changes
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
