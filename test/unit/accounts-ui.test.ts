// Pure parts of the accounts screens: which user actions an admin gets (never against themselves),
// group nesting, the security form's parsing, the users list query, the admin tab of a URL, and the
// editor's grant choice with its "more open than the parent" confirmation.
import { describe, expect, it, vi } from 'vitest';
import { USER_STATUS, type AdminUser, type UserGroup } from '../../src/shared/account-types';
import { GRANT, type Page } from '../../src/shared/api-types';
import { usersListUrl } from '../../src/renderer/src/api/accounts';
import { ApiError } from '../../src/renderer/src/api/client';
import { activeAdminTab } from '../../src/renderer/src/features/admin/AdminLayout';
import { groupRows, groupsOutside, subtreeIds } from '../../src/renderer/src/features/admin/group-tree';
import { parseUserLimit, parseWhitelist } from '../../src/renderer/src/features/admin/security-form';
import {
  apiActionOf,
  availableUserActions,
  parseEmailList,
} from '../../src/renderer/src/features/admin/user-actions';
import {
  confirmingWiderGrant,
  grantFields,
  grantOf,
  GrantNotConfirmedError,
  parentOf,
  saveWithGrant,
  type PageWithGrant,
} from '../../src/renderer/src/features/editor/grant';
import { restrictedNotice } from '../../src/renderer/src/features/page/GrantBadge';
import { mayEditPages } from '../../src/renderer/src/stores/permissions';

function user(overrides: Partial<AdminUser>): AdminUser {
  return {
    _id: 'u1',
    username: 'alice',
    name: 'Alice',
    email: 'alice@example.com',
    admin: false,
    readOnly: false,
    status: USER_STATUS.active,
    isEmailPublished: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

function group(_id: string, name: string, parent: string | null = null): UserGroup {
  return { _id, name, parent, description: '', createdAt: '', memberCount: 0, childCount: 0 };
}

describe('user actions of the users admin', () => {
  it('an admin cannot deactivate, delete or drop the admin rights of their own account', () => {
    const self = user({ _id: 'me', admin: true });
    const actions = availableUserActions(self, 'me');
    expect(actions).not.toContain('deactivate');
    expect(actions).not.toContain('revoke-admin');
    expect(actions).not.toContain('delete');
    expect(actions).toEqual(['reset-password']);
  });

  it('another admin can be deactivated, lose admin rights and be deleted', () => {
    expect(availableUserActions(user({ admin: true }), 'me')).toEqual([
      'deactivate',
      'revoke-admin',
      'reset-password',
      'delete',
    ]);
  });

  it('an active member can become admin or read-only, and back', () => {
    expect(availableUserActions(user({}), 'me')).toEqual([
      'deactivate',
      'grant-admin',
      'grant-read-only',
      'reset-password',
      'delete',
    ]);
    expect(availableUserActions(user({ readOnly: true }), 'me')).toContain('revoke-read-only');
  });

  it('a registration awaiting approval can be approved or deleted; a deactivated user activated', () => {
    expect(availableUserActions(user({ status: USER_STATUS.registered }), 'me')).toEqual([
      'approve',
      'delete',
    ]);
    expect(availableUserActions(user({ status: USER_STATUS.suspended }), 'me')).toEqual([
      'activate',
      'reset-password',
      'delete',
    ]);
    expect(availableUserActions(user({ status: USER_STATUS.invited }), 'me')).toEqual([
      'reset-password',
      'delete',
    ]);
  });

  it('approving is activating; password reset and delete have their own calls', () => {
    expect(apiActionOf('approve')).toBe('activate');
    expect(apiActionOf('grant-read-only')).toBe('grant-read-only');
    expect(apiActionOf('delete')).toBeNull();
    expect(apiActionOf('reset-password')).toBeNull();
  });

  it('reads invitation addresses one per line or comma-separated, without repeats', () => {
    expect(parseEmailList(' a@x.org\nb@x.org, a@x.org ;c@y.org\n\n')).toEqual([
      'a@x.org',
      'b@x.org',
      'c@y.org',
    ]);
    expect(parseEmailList('   ')).toEqual([]);
  });

  it('builds the users list query with search text and status filter', () => {
    const url = usersListUrl({ page: 2, limit: 20, searchText: ' ali ', statuses: [USER_STATUS.registered] });
    expect(url).toBe('/_api/v3/users?page=2&limit=20&searchText=ali&selectedStatusList=1');
    expect(usersListUrl({ page: 1, limit: 20, searchText: '', statuses: [] })).toBe(
      '/_api/v3/users?page=1&limit=20',
    );
  });
});

describe('who gets editing controls', () => {
  it('signed-in users who are neither read-only nor still invited', () => {
    const me = {
      ...user({}),
      lang: 'en_US' as const,
      imageUrlCached: '/images/icons/user.svg',
      isGravatarEnabled: false,
    };
    expect(mayEditPages(null)).toBe(false);
    expect(mayEditPages(me)).toBe(true);
    expect(mayEditPages({ ...me, readOnly: true })).toBe(false);
    expect(mayEditPages({ ...me, status: USER_STATUS.invited })).toBe(false);
  });
});

describe('group nesting', () => {
  const groups = [
    group('c', 'Child', 'a'),
    group('b', 'Beta'),
    group('a', 'Alpha'),
    group('g', 'Grandchild', 'c'),
  ];

  it('lists parents before children, siblings by name, with depth', () => {
    expect(groupRows(groups).map((row) => [row.group.name, row.depth])).toEqual([
      ['Alpha', 0],
      ['Child', 1],
      ['Grandchild', 2],
      ['Beta', 0],
    ]);
  });

  it('shows a group whose parent is unknown as a top-level group', () => {
    expect(groupRows([group('x', 'Orphan', 'gone')])).toEqual([
      { group: group('x', 'Orphan', 'gone'), depth: 0 },
    ]);
  });

  it('never offers a group or its descendants as its parent or as the receiver of its pages', () => {
    expect([...subtreeIds(groups, 'a')].sort()).toEqual(['a', 'c', 'g']);
    expect(groupsOutside(groups, 'a').map((row) => row.group._id)).toEqual(['b']);
    expect(groupsOutside(groups, 'g').map((row) => row.group._id)).toEqual(['a', 'c', 'b']);
  });
});

describe('security form', () => {
  it('accepts one @domain per line, lower-cased, without repeats; reports the other lines', () => {
    expect(parseWhitelist('@Example.com\n\n @corp.example.org \n@example.com')).toEqual({
      domains: ['@example.com', '@corp.example.org'],
      invalid: [],
    });
    expect(parseWhitelist('example.com\n@\n@ok.io\nfoo@bar.com').invalid).toEqual([
      'example.com',
      '@',
      'foo@bar.com',
    ]);
  });

  it('reads the user limit as a whole number ≥ 0', () => {
    expect(parseUserLimit('0')).toBe(0);
    expect(parseUserLimit(' 25 ')).toBe(25);
    expect(parseUserLimit('-1')).toBeNull();
    expect(parseUserLimit('2.5')).toBeNull();
    expect(parseUserLimit('')).toBeNull();
  });
});

describe('admin tab of a location', () => {
  it('is the longest admin path that contains the location', () => {
    expect(activeAdminTab('/admin')).toBe('/admin');
    expect(activeAdminTab('/admin/users')).toBe('/admin/users');
    expect(activeAdminTab('/admin/user-groups/abc')).toBe('/admin/user-groups');
    expect(activeAdminTab('/admin/search')).toBe('/admin/search');
  });
});

describe('page grants in the editor', () => {
  const page = (grant: Page['grant'], grantedGroups?: { _id: string; name: string }[]) =>
    ({ grant, grantedGroups }) as PageWithGrant;

  it('starts from the page grant (public for a new page)', () => {
    expect(grantOf(null)).toEqual({ grant: GRANT.public, groupIds: [] });
    expect(grantOf(page(GRANT.owner))).toEqual({ grant: GRANT.owner, groupIds: [] });
    expect(grantOf(page(GRANT.userGroup, [{ _id: 'g1', name: 'Team' }]))).toEqual({
      grant: GRANT.userGroup,
      groupIds: ['g1'],
    });
  });

  it('sends the groups only for a group grant, in GROWI shape', () => {
    expect(grantFields({ grant: GRANT.restricted, groupIds: ['ignored'] })).toEqual({ grant: 2 });
    expect(grantFields({ grant: GRANT.userGroup, groupIds: ['g1', 'g2'] }, true)).toEqual({
      grant: 5,
      grantUserGroupIds: [
        { type: 'UserGroup', item: 'g1' },
        { type: 'UserGroup', item: 'g2' },
      ],
      confirmWiderGrant: true,
    });
  });

  it('knows the parent path', () => {
    expect(parentOf('/a/b/c')).toBe('/a/b');
    expect(parentOf('/a')).toBe('/');
  });

  const messages = { notConfirmed: 'not confirmed', noGroup: 'choose a group' };
  const wider = new ApiError(409, [{ code: 'grant_wider_than_parent', message: 'Wider than the parent' }]);

  it('asks before saving a page more open than its parent, and resends only on yes', async () => {
    const send = vi.fn().mockRejectedValueOnce(wider).mockResolvedValueOnce('saved');
    const confirm = vi.fn(() => true);
    await expect(saveWithGrant({ grant: GRANT.public, groupIds: [] }, send, confirm, messages)).resolves.toBe(
      'saved',
    );
    expect(confirm).toHaveBeenCalledWith('Wider than the parent');
    expect(send.mock.calls).toEqual([[{ grant: 1 }], [{ grant: 1, confirmWiderGrant: true }]]);
  });

  it('does not save when the user says no', async () => {
    const send = vi.fn().mockRejectedValue(wider);
    const saving = saveWithGrant({ grant: GRANT.public, groupIds: [] }, send, () => false, messages);
    await expect(saving).rejects.toBeInstanceOf(GrantNotConfirmedError);
    expect(send).toHaveBeenCalledOnce();
  });

  it('passes other errors through and refuses a group grant without a group', async () => {
    const outdated = new ApiError(409, [{ code: 'outdated', message: 'outdated' }]);
    const confirm = vi.fn(() => true);
    await expect(
      saveWithGrant({ grant: GRANT.owner, groupIds: [] }, () => Promise.reject(outdated), confirm, messages),
    ).rejects.toBe(outdated);
    expect(confirm).not.toHaveBeenCalled();
    const send = vi.fn();
    await expect(
      saveWithGrant({ grant: GRANT.userGroup, groupIds: [] }, send, confirm, messages),
    ).rejects.toThrow('choose a group');
    expect(send).not.toHaveBeenCalled();
  });

  it('a move or duplicate is resent with the confirmation only after a yes', async () => {
    const send = vi.fn().mockRejectedValueOnce(wider).mockResolvedValueOnce('moved');
    await expect(confirmingWiderGrant(send, () => true, 'no')).resolves.toBe('moved');
    expect(send.mock.calls).toEqual([[false], [true]]);
    const refused = vi.fn().mockRejectedValue(wider);
    await expect(confirmingWiderGrant(refused, () => false, 'no')).rejects.toThrow('no');
    expect(refused).toHaveBeenCalledOnce();
  });

  it('says who may see a restricted page', () => {
    expect(restrictedNotice({ grant: GRANT.public })).toBeNull();
    expect(restrictedNotice({ grant: GRANT.restricted })?.key).toBe('notices.restricted');
    expect(restrictedNotice({ grant: GRANT.owner })?.key).toBe('grant_notices.owner');
    expect(
      restrictedNotice({
        grant: GRANT.userGroup,
        grantedGroups: [
          { _id: '1', name: 'Dev' },
          { _id: '2', name: 'Ops' },
        ],
      }),
    ).toEqual({ key: 'grant_notices.user_group', values: { groups: 'Dev, Ops' } });
  });
});
