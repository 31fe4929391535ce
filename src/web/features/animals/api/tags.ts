// Finding the animal a tag names (Scan Tag): on the device first, in the herd it already holds (the
// persisted My Animals list), then by asking the server (GET /animals/by-tag). Tags compare without
// case, spaces or dashes; an Electronic ID by its digits (decision 0046).
import { electronicIdDigits, tagKey } from '../../../../shared/animals/electronic-id';
import type { AnimalListItem, TagMatch } from '../../../../shared/schemas/animals';
import { client, data } from '../../../lib/api';

/** The herd's animal with this Electronic ID, else the first (in list order) with this tag. */
export function matchTagOnDevice(herd: readonly AnimalListItem[], code: string): TagMatch | undefined {
  const digits = electronicIdDigits(code.trim());
  const key = tagKey(code.trim());
  if (!key) return undefined;
  const animal =
    herd.find((item) => item.electronicId && item.electronicId === digits) ??
    herd.find((item) => item.tagId !== null && tagKey(item.tagId) === key);
  return animal && { id: animal.id, name: animal.name };
}

/** The server's answer: the animal, or an ApiError (404: no animal of the farm has it; 0: no signal). */
export const findByTag = (code: string): Promise<TagMatch> =>
  data(client.animals['by-tag'].$get({ query: { code } }));
