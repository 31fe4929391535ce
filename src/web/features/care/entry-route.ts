// What a care entry route asks for: new or edit, for an animal or a group, and which kind of entry.
// One page serves the twelve routes (/animal|group/:id/{type}-entry, …/edit-{type}/:entryId).
import { useLocation } from 'wouter';
import { entryTypes, type EntryType } from '../../../shared/schemas/care';

export type EntryRoute = {
  owner: 'animal' | 'group';
  ownerId: string;
  type: EntryType;
  /** set on an edit route */
  entryId: string | null;
  /** the animal's or the group's page, where Cancel and success lead */
  ownerPath: string;
};

const pattern =
  /^\/(animal|group)\/([^/]+)\/(?:(medical|weight|note)-entry|edit-(medical|weight|note)\/([^/]+))\/?$/;

export function parseEntryRoute(pathname: string): EntryRoute | null {
  const match = pattern.exec(pathname);
  if (!match) return null;
  const [, owner, ownerId = '', newType, editType, entryId] = match;
  const type = (newType ?? editType) as EntryType;
  if (!entryTypes.includes(type)) return null;
  return {
    owner: owner as EntryRoute['owner'],
    ownerId: decodeURIComponent(ownerId),
    type,
    entryId: entryId ? decodeURIComponent(entryId) : null,
    ownerPath: `/${owner}/${ownerId}`,
  };
}

export function useEntryRoute(): EntryRoute | null {
  const [pathname] = useLocation();
  return parseEntryRoute(pathname);
}
