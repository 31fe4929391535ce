import { useMutation } from '@tanstack/react-query';
import type { AccountDelete } from '../../../../shared/schemas/account';
import { client, data } from '../../../lib/api';

/** Deletes the account and everything of its farm; the server clears the session cookie. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: AccountDelete): Promise<null> => data(client.account.$delete({ json: body })),
  });
}
