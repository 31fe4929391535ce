// An egg collection recorded with no signal, as the outbox keeps it: the request (its id chosen by
// the form, so that it is stored once), and how the Production lists show it until the server has it.
import type { EggCollectionCreate } from '../../../shared/schemas/production';
import type { NewChange } from '../../lib/outbox';
import { eggsText } from './egg-display';

/** '12 eggs · Layers' */
export const pendingEggCollection = (
  input: EggCollectionCreate & { id: string },
  groupName: string,
): NewChange => ({
  kind: 'egg-collection',
  id: input.id,
  input,
  summary: `${eggsText(input.eggs)} · ${groupName}`,
  animalIds: [],
  groupIds: [input.groupId],
});
