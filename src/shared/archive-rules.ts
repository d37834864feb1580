// The import request's rules (SPEC §5 with GROWI's messages), shared by the importer screen and
// the server: the first broken rule as an i18n key under `archive.` with its parameters.
import {
  QUIRE_ARCHIVE_FORMAT_VERSION,
  allowedModes,
  isArchiveCollection,
  type ArchiveMeta,
  type GrowiArchiveImportOption,
} from './archive-types';

export interface RuleBreak {
  code: string;
  params?: Record<string, string | number>;
}

/** GROWI's dependencies: selecting the first needs the second. */
const NEEDS: [string, string, string][] = [
  ['externalaccounts', 'users', 'users_for_externalaccounts'],
  ['usergroups', 'users', 'users_for_usergroups'],
  ['usergrouprelations', 'usergroups', 'usergroups_for_relations'],
];

export function checkImportSelection(
  collections: readonly string[],
  options: readonly GrowiArchiveImportOption[],
  inArchive: readonly string[],
): RuleBreak | null {
  if (collections.length === 0) return { code: 'select_collections' };
  for (const name of collections) {
    if (!isArchiveCollection(name)) return { code: 'unknown_collection', params: { name } };
    if (!inArchive.includes(name)) return { code: 'not_in_archive', params: { name } };
  }
  if (collections.includes('pages') !== collections.includes('revisions'))
    return { code: 'pages_and_revisions' };
  for (const [picked, needed, code] of NEEDS) {
    if (collections.includes(picked) && !collections.includes(needed)) return { code };
  }
  for (const name of collections) {
    const option = options.find((o) => o.collectionName === name);
    if (!option) return { code: 'missing_option', params: { name } };
    if (!allowedModes(name).includes(option.mode))
      return { code: 'invalid_mode', params: { name, mode: option.mode } };
  }
  return null;
}

/**
 * Quire archives must have this Quire's archive format; GROWI archives (no quireArchiveVersion)
 * are read whatever GROWI version wrote them.
 */
export function isTheSameVersion(meta: ArchiveMeta): boolean {
  return meta.quireArchiveVersion === undefined || meta.quireArchiveVersion === QUIRE_ARCHIVE_FORMAT_VERSION;
}
