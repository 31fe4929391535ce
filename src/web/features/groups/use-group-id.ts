// The :groupId of the current route.
import { useParams } from 'wouter';

export function useGroupId(): string {
  const { groupId = '' } = useParams<{ groupId: string }>();
  return groupId;
}
