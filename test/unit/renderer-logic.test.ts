// Pure parts of the web app: URL → page, create-dialog default, sign-in return path, form checks,
// and where the editor starts when a draft is stored.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TFunction } from 'i18next';
import { parsePageLocation } from '../../src/renderer/src/features/page/page-location';
import { defaultParentPath } from '../../src/renderer/src/features/new-page/memo-path';
import { safeReturnPath } from '../../src/renderer/src/features/login/LoginPage';
import { emailError, passwordError, usernameError } from '../../src/renderer/src/components/forms';
import { draftKey, saveDraft, startingPoint } from '../../src/renderer/src/features/editor/drafts';

describe('parsePageLocation', () => {
  it('reads paths, permalinks and broken URLs', () => {
    expect(parsePageLocation('/')).toMatchObject({ kind: 'path', path: '/' });
    expect(parsePageLocation('/team/Design%20notes/')).toMatchObject({
      kind: 'path',
      path: '/team/Design notes',
    });
    expect(parsePageLocation('/%E6%97%A5%E5%A0%B1')).toMatchObject({ kind: 'path', path: '/日報' });
    expect(parsePageLocation('/0123456789abcdef01234567')).toMatchObject({
      kind: 'permalink',
      pageId: '0123456789abcdef01234567',
    });
    expect(parsePageLocation('/%E0%A4%A')).toMatchObject({ kind: 'invalid' });
  });
});

describe('defaultParentPath (SPEC §2: current path + "/" if creatable, else "/")', () => {
  it('follows the current page', () => {
    expect(defaultParentPath('/team/notes')).toBe('/team/notes/');
    expect(defaultParentPath('/')).toBe('/');
    expect(defaultParentPath(null)).toBe('/');
    expect(defaultParentPath('/admin/x')).toBe('/');
    expect(defaultParentPath('/a+b')).toBe('/');
  });
});

describe('safeReturnPath', () => {
  it('only returns to paths of this app', () => {
    expect(safeReturnPath({ from: '/team/x#edit' })).toBe('/team/x#edit');
    expect(safeReturnPath({ from: '//evil.example/' })).toBe('/');
    expect(safeReturnPath({ from: 'https://evil.example/' })).toBe('/');
    expect(safeReturnPath({ from: '/login' })).toBe('/');
    expect(safeReturnPath(null)).toBe('/');
  });
});

describe('form checks', () => {
  const t = ((key: string, options?: Record<string, unknown>) =>
    key === 'form.required'
      ? `${String(options?.field)} is required`
      : key === 'form.password_too_short'
        ? `Password must be at least ${String(options?.min)} characters`
        : key === 'form.syntax_invalid'
          ? `The syntax of ${String(options?.field)} is invalid.`
          : key.replace('fields.', '')) as unknown as TFunction;

  it("speaks SPEC §5's messages", () => {
    expect(usernameError(t, ' ')).toBe('username is required');
    expect(usernameError(t, 'a b')).toBe('The syntax of username is invalid.');
    expect(usernameError(t, 'ada.lovelace-1_x')).toBeNull();
    expect(passwordError(t, '12345')).toBe('Password must be at least 6 characters');
    expect(passwordError(t, '123456')).toBeNull();
    expect(emailError(t, 'nope')).toBe('The syntax of email is invalid.');
    expect(emailError(t, 'a@example.com')).toBeNull();
  });
});

describe('editor starting point', () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    store.clear();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  const page = { _id: 'p1', revision: { _id: 'r2', body: 'latest' } };

  it('starts from the loaded page without a draft', () => {
    expect(startingPoint('/a', page)).toEqual({
      base: { pageId: 'p1', revisionId: 'r2', body: 'latest' },
      body: 'latest',
      restoredAt: null,
      pageChangedSince: false,
    });
  });

  it('restores a draft on top of the revision it was based on', () => {
    saveDraft('/a', { body: 'mine', pageId: 'p1', revisionId: 'r1' });
    const start = startingPoint('/a', page);
    expect(start.body).toBe('mine');
    expect(start.base).toEqual({ pageId: 'p1', revisionId: 'r1', body: 'latest' });
    expect(start.restoredAt).toEqual(expect.any(String));
    // r1 is older than the page's r2: someone saved since (issue 30).
    expect(start.pageChangedSince).toBe(true);
    saveDraft('/a', { body: 'mine', pageId: 'p1', revisionId: 'r2' });
    expect(startingPoint('/a', page).pageChangedSince).toBe(false);
  });

  it('treats a draft of a page not created yet as a creation', () => {
    saveDraft('/a', { body: 'new text', pageId: null, revisionId: null });
    expect(startingPoint('/a', page).base).toEqual({ pageId: null, revisionId: null, body: 'latest' });
    expect(startingPoint('/a', null)).toMatchObject({ body: 'new text', base: { pageId: null, body: '' } });
  });

  it('ignores drafts equal to the page and unreadable drafts', () => {
    saveDraft('/a', { body: 'latest', pageId: 'p1', revisionId: 'r1' });
    expect(startingPoint('/a', page).restoredAt).toBeNull();
    store.set(draftKey('/a'), '{not json');
    expect(startingPoint('/a', page).body).toBe('latest');
  });
});
