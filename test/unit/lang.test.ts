import { describe, expect, it } from 'vitest';
import { langFromTag, parseAcceptLanguage, resolveLanguage } from '../../src/shared/lang';

describe('language choice (SPEC §1)', () => {
  it("prefers the user's own setting", () => {
    expect(resolveLanguage({ userLang: 'zh_CN', browserLanguages: ['ja'], queryLang: 'en' })).toBe('zh_CN');
  });

  it('then the browser language through aliases', () => {
    expect(resolveLanguage({ browserLanguages: ['fr-FR', 'ja-JP'], queryLang: 'zh' })).toBe('ja_JP');
    expect(resolveLanguage({ browserLanguages: ['zh-Hans-CN'] })).toBe('zh_CN');
    expect(resolveLanguage({ browserLanguages: ['en-GB'] })).toBe('en_US');
  });

  it('then the query string, then en_US', () => {
    expect(resolveLanguage({ browserLanguages: ['fr'], queryLang: 'ja' })).toBe('ja_JP');
    expect(resolveLanguage({ browserLanguages: ['fr'] })).toBe('en_US');
    expect(resolveLanguage({})).toBe('en_US');
  });

  it('maps tags and parses Accept-Language by quality', () => {
    expect(langFromTag('ja_JP')).toBe('ja_JP');
    expect(langFromTag('de')).toBeNull();
    expect(parseAcceptLanguage('en;q=0.5, ja-JP, zh;q=0.8, *;q=0.1')).toEqual(['ja-JP', 'zh', 'en']);
  });
});
