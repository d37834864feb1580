// The permission function's pure rules: who reads which grant, and when a child page would be
// more open than its parent.
import { describe, expect, it } from 'vitest';
import {
  canEditPage,
  canListPage,
  canReadPage,
  isGrantWiderThanParent,
  type AccessContext,
  type GrantChoice,
} from '../../src/server/policies/page-access';

const viewer = (id: string, groupIds: string[] = [], readOnly = false): AccessContext => ({
  viewer: { id, admin: false, groupIds, readOnly },
  restrictGuestMode: 'Readonly',
});
const groupPage = { grant: 5, creatorId: 'author', grantedGroupIds: JSON.stringify(['g1', 'g2']) };

describe('canReadPage / canListPage / canEditPage', () => {
  it('let group members, and the creator, read a group page', () => {
    expect(canReadPage(viewer('m', ['g2']), groupPage)).toBe(true);
    expect(canReadPage(viewer('author'), groupPage)).toBe(true);
    expect(canReadPage(viewer('x', ['g3']), groupPage)).toBe(false);
    expect(canReadPage({ viewer: null, restrictGuestMode: 'Readonly' }, groupPage)).toBe(false);
    expect(canReadPage(viewer('m', ['g1']), { ...groupPage, grantedGroupIds: 'not json' })).toBe(false);
  });

  it('never list link pages and never let read-only users edit', () => {
    expect(canReadPage(viewer('x'), { grant: 2, creatorId: 'a' })).toBe(true);
    expect(canListPage(viewer('x'), { grant: 2, creatorId: 'a' })).toBe(false);
    expect(canEditPage(viewer('m', ['g1'], true), groupPage)).toBe(false);
    expect(canEditPage(viewer('m', ['g1']), groupPage)).toBe(true);
  });
});

describe('isGrantWiderThanParent', () => {
  const g = (grant: number, groupIds: string[] = [], creatorId: string | null = 'a'): GrantChoice => ({
    grant,
    groupIds,
    creatorId,
  });
  // g1 has the child group g1c.
  const isWithin = (id: string, ancestors: string[]) =>
    ancestors.includes(id) || (id === 'g1c' && ancestors.includes('g1'));

  it.each([
    ['anything under a public page', g(1), g(1), false],
    ['public under anyone-with-the-link', g(1), g(2), true],
    ['a group page under anyone-with-the-link', g(5, ['g1']), g(2), false],
    ['public under a group page', g(1), g(5, ['g1']), true],
    ['link under a group page', g(2), g(5, ['g1']), true],
    ['the same group', g(5, ['g1']), g(5, ['g1']), false],
    ['a child group', g(5, ['g1c']), g(5, ['g1']), false],
    ['another group', g(5, ['g2']), g(5, ['g1']), true],
    ['only me under a group page', g(4), g(5, ['g1']), false],
    ['my only-me page under my only-me page', g(4, [], 'a'), g(4, [], 'a'), false],
    ['my only-me page under someone else’s', g(4, [], 'b'), g(4, [], 'a'), true],
    ['a group page under an only-me page', g(5, ['g1']), g(4), true],
  ])('%s', (_name, child, parent, wider) => {
    expect(isGrantWiderThanParent(child, parent, isWithin)).toBe(wider);
  });
});
