// The rules of the daily reminder email's choice, between the HTTP layer (daily-email.routes.ts)
// and the database (daily-email.repo.ts): each person turns it on or off for the farm in use, and
// an unsubscribe link turns it off by its token alone. Throws typed errors; the one onError maps them to HTTP.
import { NotFoundError } from '../../http/errors';
import { hashSecretToken, isSecretToken } from '../../http/secret-token';
import type { DailyEmailRepo } from './daily-email.repo';

export function createDailyEmailService(repo: DailyEmailRepo) {
  return {
    /** Whether the person gets the daily email of this farm. */
    enabled: (farmId: string, userId: string) => repo.enabled(farmId, userId),

    setEnabled: (farmId: string, userId: string, enabled: boolean) =>
      repo.setEnabled(farmId, userId, enabled),

    /** Turns off the email the link `token` came in; a token of no link is a 404. */
    async unsubscribe(token: string) {
      if (!isSecretToken(token) || !(await repo.unsubscribe(hashSecretToken(token))))
        throw new NotFoundError('Unsubscribe link');
    },
  };
}

export type DailyEmailService = ReturnType<typeof createDailyEmailService>;
