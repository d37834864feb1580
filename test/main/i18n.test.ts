// The main process's words: the same keys and placeholders in every language, the OS locale mapped.
import { describe, expect, it } from 'vitest';
import { desktopLang, desktopTranslator } from '../../src/main/i18n';
import { LANGUAGES } from '../../src/shared/api-types';
import { desktopResources } from '../../src/shared/locales/desktop';

/** Every leaf as `path → placeholders`, e.g. `menu.about → appName`. */
function leaves(tree: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix + key;
    if (typeof value === 'string') {
      expect(value.trim(), path).not.toBe('');
      const names = [...value.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]);
      out.set(path, [...new Set(names)].sort().join(','));
    } else {
      for (const [leaf, names] of leaves(value as object, `${path}.`)) out.set(leaf, names);
    }
  }
  return out;
}

describe('desktop.json', () => {
  it('has the same keys, with the same placeholders, in every language', () => {
    const english = leaves(desktopResources.en_US.desktop);
    for (const lang of LANGUAGES) {
      expect(Object.fromEntries(leaves(desktopResources[lang].desktop)), lang).toEqual(
        Object.fromEntries(english),
      );
    }
  });
});

describe('desktop language', () => {
  it('maps the OS locale to a language Quire has, else en_US', () => {
    expect(desktopLang('ja')).toBe('ja_JP');
    expect(desktopLang('ja-JP')).toBe('ja_JP');
    expect(desktopLang('zh-CN')).toBe('zh_CN');
    expect(desktopLang('en-GB')).toBe('en_US');
    expect(desktopLang('fr')).toBe('en_US');
    expect(desktopLang('')).toBe('en_US');
  });

  it('translates with values filled in, unescaped', () => {
    expect(desktopTranslator('zh-CN')('menu.about', { appName: 'Quire' })).toBe('关于 Quire');
    expect(desktopTranslator('en-US')('startFailed.badPort', { value: '<80>' })).toBe(
      'QUIRE_PORT must be a port number from 0 to 65535, not "<80>".',
    );
  });
});
