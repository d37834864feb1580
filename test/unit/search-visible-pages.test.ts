// The per-viewer masks the search keeps: decided by the one policy, and kept current in place as
// pages change, so a cached mask never shows a page its viewer lost or hides one they gained.
import { describe, expect, it } from 'vitest';
import { PageIndex } from '../../src/server/modules/search/page-index';
import type { IndexablePage } from '../../src/server/modules/pages/index-source';
import { VISIBLE, VISIBLE_IN_TRASH, viewerKey } from '../../src/server/modules/search/visible-pages';
import { GRANT } from '../../src/shared/api-types';
import type { AccessContext } from '../../src/server/policies/page-access';

const alice: AccessContext = {
  viewer: { id: 'alice', admin: false, groupIds: ['g1'] },
  restrictGuestMode: 'Readonly',
};
const bob: AccessContext = { viewer: { id: 'bob', admin: false }, restrictGuestMode: 'Readonly' };
const guest: AccessContext = { viewer: null, restrictGuestMode: 'Readonly' };

function page(id: string, changes: Partial<IndexablePage> = {}): IndexablePage {
  return {
    id,
    path: `/${id}`,
    grant: GRANT.public,
    creatorId: 'alice',
    grantedGroupIds: null,
    updatedAt: 1,
    body: 'words',
    tags: [],
    ...changes,
  };
}

const seen = (index: PageIndex, who: AccessContext, pageId: string) =>
  index.visibleTo(who)[index.docIdOf(pageId) ?? 0];

describe('VisiblePages', () => {
  it('follows the policy: grants, groups, link-only pages and the trash', () => {
    const index = new PageIndex();
    index.upsert(page('open'));
    index.upsert(page('mine', { grant: GRANT.owner }));
    index.upsert(page('group', { grant: GRANT.userGroup, creatorId: 'carol', grantedGroupIds: '["g1"]' }));
    index.upsert(page('link', { grant: GRANT.restricted }));
    index.upsert(page('binned', { path: '/trash/binned' }));

    expect(['open', 'mine', 'group', 'link', 'binned'].map((id) => seen(index, alice, id))).toEqual([
      VISIBLE,
      VISIBLE,
      VISIBLE,
      0,
      VISIBLE_IN_TRASH,
    ]);
    expect(['open', 'mine', 'group', 'link'].map((id) => seen(index, bob, id))).toEqual([VISIBLE, 0, 0, 0]);
    expect(seen(index, { viewer: null, restrictGuestMode: 'Deny' }, 'open')).toBe(0);
  });

  it('updates a cached mask when a page changes grant, goes away or arrives', () => {
    const index = new PageIndex();
    index.upsert(page('p'));
    expect(seen(index, guest, 'p')).toBe(VISIBLE); // the guest's mask is now cached

    const before = index.docIdOf('p') ?? 0;
    index.upsert(page('p', { grant: GRANT.owner }));
    expect(index.visibleTo(guest)[before]).toBe(0); // the old document id is dead
    expect(seen(index, guest, 'p')).toBe(0);

    for (let i = 0; i < 3000; i++) index.upsert(page(`new-${i}`)); // past the mask's first size
    expect(seen(index, guest, 'new-2999')).toBe(VISIBLE);
    index.remove('new-2999');
    expect(index.visibleTo(guest)[index.docIdLimit - 1]).toBe(0);
  });

  it('viewers alike but for their id share a mask, and each still finds only their own private pages', () => {
    const index = new PageIndex();
    const member = (id: string): AccessContext => ({
      viewer: { id, admin: false, groupIds: ['g1'] },
      restrictGuestMode: 'Readonly',
    });
    index.upsert(page('shared', { grant: GRANT.userGroup, creatorId: 'carol', grantedGroupIds: '["g1"]' }));
    for (let i = 0; i < 40; i++) index.upsert(page(`own-${i}`, { grant: GRANT.owner, creatorId: `m${i}` }));
    // More viewers than masks kept: each asks twice, the second time from a mask made from the kind's.
    for (const round of [1, 2]) {
      for (let i = 0; i < 40; i++) {
        const who = member(`m${i}`);
        expect(seen(index, who, `own-${i}`), `m${i}, round ${round}`).toBe(VISIBLE);
        expect(seen(index, who, `own-${(i + 1) % 40}`)).toBe(0);
        expect(seen(index, who, 'shared')).toBe(VISIBLE);
      }
    }
    // A change reaches the shared mask and the viewer's own.
    index.upsert(page('shared', { grant: GRANT.owner, creatorId: 'carol' }));
    index.upsert(page('own-3', { grant: GRANT.public, creatorId: 'm3' }));
    expect(seen(index, member('m1'), 'shared')).toBe(0);
    expect(seen(index, member('m1'), 'own-3')).toBe(VISIBLE);
    expect(seen(index, member('m2'), 'own-3')).toBe(VISIBLE);
    // Pages past the mask's first size: the viewer's own private ones are theirs alone.
    for (let i = 0; i < 3000; i++) index.upsert(page(`late-${i}`, { grant: GRANT.owner, creatorId: 'm7' }));
    expect(seen(index, member('m7'), 'late-2999')).toBe(VISIBLE);
    expect(seen(index, member('m8'), 'late-2999')).toBe(0);
    // Masks made afresh (others asked meanwhile) after a page was saved many times, each save a new
    // document id, and after a page was handed to another author.
    for (let n = 0; n < 200; n++)
      index.upsert(page('own-5', { grant: GRANT.owner, creatorId: 'm5', body: `w ${n}` }));
    index.upsert(page('own-6', { grant: GRANT.owner, creatorId: 'm5' }));
    for (let i = 0; i < 40; i++) seen(index, member(`other-${i}`), 'shared');
    expect(seen(index, member('m5'), 'own-5')).toBe(VISIBLE);
    expect(seen(index, member('m5'), 'own-6')).toBe(VISIBLE);
    expect(seen(index, member('m6'), 'own-6')).toBe(0);
    expect(seen(index, member('m4'), 'own-5')).toBe(0);
  });

  it('keys viewers by everything the policy reads', () => {
    expect(viewerKey(alice)).not.toBe(viewerKey({ ...alice, viewer: { id: 'alice', admin: false } }));
    expect(
      viewerKey({ viewer: { id: 'a', admin: false, groupIds: ['x', 'y'] }, restrictGuestMode: 'Deny' }),
    ).toBe(viewerKey({ viewer: { id: 'a', admin: false, groupIds: ['y', 'x'] }, restrictGuestMode: 'Deny' }));
    expect(viewerKey(guest)).not.toBe(viewerKey({ viewer: null, restrictGuestMode: 'Deny' }));
  });
});
