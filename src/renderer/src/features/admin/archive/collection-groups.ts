// GROWI's grouping of collections on the export screen: Page, User, Config, and Other for the rest.
import { COLLECTION_GROUPS } from '../../../../../shared/archive-types';

export type GroupName = keyof typeof COLLECTION_GROUPS | 'Other';

export function groupCollections(collections: string[]): [GroupName, string[]][] {
  const named = new Set<string>(Object.values(COLLECTION_GROUPS).flat());
  const groups: [GroupName, string[]][] = Object.entries(COLLECTION_GROUPS).map(([name, list]) => [
    name as GroupName,
    list.filter((c) => collections.includes(c)),
  ]);
  groups.push(['Other', collections.filter((c) => !named.has(c))]);
  return groups.filter(([, list]) => list.length > 0);
}
