// GROWI's draft status of a page's co-editing document, from the facts (pure, unit-tested).
import type { CoeditStatus } from '../../../shared/realtime-types';

/** A text, or the shared Y.Text itself: read whole only when a body has its length. */
export interface TextLike {
  readonly length: number;
  toString(): string;
}

export interface DraftFacts {
  /** The shared text now, or null when the page has no co-editing document. */
  text: TextLike | null;
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
  const { text } = facts;
  if (text === null) return 'new';
  // A long draft is read whole (toString) only when it may equal a body.
  const is = (body: string | null) =>
    body !== null && text.length === body.length && text.toString() === body;
  if (facts.baseRevisionId === facts.latestRevisionId) return is(facts.baseBody) ? 'synced' : 'draft';
  // Without unsaved changes an old base is only behind: the session reloads the latest version.
  return is(facts.latestBody) || is(facts.baseBody) ? 'synced' : 'outdated';
}
