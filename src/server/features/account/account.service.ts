// The rules of leaving: the typed email must be the account's, rows go before files (a crash in
// between leaves files without rows, which the start-up sweep removes — never rows without files).
import { confirmsEmail } from '../../../shared/schemas/account';
import { UnauthorizedError, ValidationError } from '../../http/errors';
import type { SessionCache } from '../../http/require-farm';
import type { PhotoStore } from '../../photos/photo-store';
import type { AccountRepo } from './account.repo';

export function createAccountService(deps: {
  repo: AccountRepo;
  photos: PhotoStore;
  sessions: SessionCache;
}) {
  const { repo, photos, sessions } = deps;
  return {
    async deleteAccount(userId: string, typedEmail: string): Promise<void> {
      const email = await repo.findEmail(userId);
      if (!email) throw new UnauthorizedError(); // deleted a moment ago by another request
      if (!confirmsEmail(typedEmail, email))
        throw new ValidationError({ email: ['Type the email you sign in with'] });
      const farmIds = await repo.deleteUserAndFarms(userId, email);
      // No cached session may outlive its rows (the cache is per server; see require-farm.ts).
      sessions.clear();
      for (const farmId of farmIds) await photos.deletePrefix(farmId); // photo keys start with it
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
