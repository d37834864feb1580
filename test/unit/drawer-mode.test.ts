import { describe, expect, it } from 'vitest';
import { isDrawerMode } from '../../src/shared/drawer-mode';

describe('drawer mode (SPEC §4)', () => {
  const prefs = { preferDrawer: false, preferDrawerOnEdit: true };

  it('is always on below the medium breakpoint, whatever the preferences', () => {
    for (const editing of [false, true]) {
      expect(isDrawerMode({ narrow: true, editing, preferDrawer: false, preferDrawerOnEdit: false })).toBe(
        true,
      );
    }
  });

  it('follows the view preference while viewing and the edit preference while editing', () => {
    expect(isDrawerMode({ narrow: false, editing: false, ...prefs })).toBe(false);
    expect(isDrawerMode({ narrow: false, editing: true, ...prefs })).toBe(true);
    expect(
      isDrawerMode({ narrow: false, editing: false, preferDrawer: true, preferDrawerOnEdit: false }),
    ).toBe(true);
    expect(
      isDrawerMode({ narrow: false, editing: true, preferDrawer: true, preferDrawerOnEdit: false }),
    ).toBe(false);
  });
});
