// GROWI's draft status of a page's co-editing document, from the facts (pure, unit-tested).
import type { CoeditStatus } from '../../../shared/realtime-types';

export interface DraftFacts {
  /** The shared text now, or null when the page has no co-editing document. */
  text: string | null;
  baseRevisionId: string | null;
  baseBody: string | null;
  latestRevisionId: string | null;
  latestBody: string | null;
}

/**
 * new: no document. synced: the text is the latest saved version. draft: unsaved changes on the
 * latest version. outdated: unsaved changes on a version someone has since replaced.
 */
export function draftStatus(facts: DraftFacts): CoeditStatus {
  if (facts.text === null) return 'new';
  if (facts.baseRevisionId === facts.latestRevisionId) {
    return facts.text === facts.baseBody ? 'synced' : 'draft';
  }
  // Without unsaved changes an old base is only behind: the session reloads the latest version.
  return facts.text === facts.latestBody || facts.text === facts.baseBody ? 'synced' : 'outdated';
}
