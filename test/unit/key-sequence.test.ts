import { describe, expect, it } from 'vitest';
import { KONAMI, MIRROR, sequenceMatcher } from '../../src/renderer/src/features/shell/key-sequence';

const typeAll = (push: (key: string) => boolean, keys: string[]) => keys.map(push);

describe('easter-egg key sequences (SPEC §2)', () => {
  it('match the Konami code on its last key only', () => {
    const results = typeAll(sequenceMatcher(KONAMI), KONAMI);
    expect(results.slice(0, -1).every((r) => !r)).toBe(true);
    expect(results.at(-1)).toBe(true);
  });

  it('start over after a wrong key, counting it when it is a first key', () => {
    const push = sequenceMatcher(KONAMI);
    expect(typeAll(push, ['ArrowUp', 'ArrowUp', 'x']).some(Boolean)).toBe(false);
    // "ArrowUp ArrowUp ArrowUp …": the third up is the second of a new attempt.
    expect(typeAll(push, ['ArrowUp', 'ArrowUp', 'ArrowUp', ...KONAMI.slice(2)]).at(-1)).toBe(true);
    expect(typeAll(push, KONAMI.slice(0, -1)).some(Boolean)).toBe(false);
  });

  it('ignore the case of letters (Shift or Caps Lock)', () => {
    expect(
      typeAll(
        sequenceMatcher(MIRROR),
        MIRROR.map((k) => (k.length === 1 ? k.toUpperCase() : k)),
      ).at(-1),
    ).toBe(true);
  });
});
