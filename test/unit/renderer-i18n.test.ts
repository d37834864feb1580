// The web app's translations: the same keys and placeholders in every language, really translated.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import enUS from '../../src/shared/locales/en_US/translation.json';
import jaJP from '../../src/shared/locales/ja_JP/translation.json';
import zhCN from '../../src/shared/locales/zh_CN/translation.json';
import { ADMIN_TABS } from '../../src/renderer/src/features/admin/AdminLayout';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(name, value);
    else for (const [k, v] of flatten(value, name)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const en = flatten(enUS);
/** Strings that are the same in every language on purpose. */
const SAME_EVERYWHERE = new Set([
  'editor.markdown',
  'ldap_admin.title',
  'external_sign_in.oidc_default',
  'external_sign_in.saml_default',
  // Names of a product (Slack) and of protocols.
  'notification_settings.slack_title',
  'notification_settings.notify_slack',
  'slack_notify.toggle',
  'customize.style_github',
  'customize.style_solarized',
  'customize.css_code',
  'customize.script_code',
  'sharing.kind_ipv4',
  'sharing.kind_ipv6',
]);

describe.each([
  ['ja_JP', flatten(jaJP)],
  ['zh_CN', flatten(zhCN)],
])('%s translation.json', (_lang, other) => {
  it('has exactly the keys of en_US', () => {
    expect([...other.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it('keeps every placeholder', () => {
    for (const [key, text] of en) expect(placeholders(other.get(key) ?? ''), key).toEqual(placeholders(text));
  });

  it('is translated, not an English copy', () => {
    for (const [key, text] of en) {
      if (!SAME_EVERYWHERE.has(key)) expect(other.get(key), key).not.toBe(text);
    }
  });
});

describe('en_US translation.json', () => {
  it("uses SPEC's wording for messages the SPEC names", () => {
    expect(en.get('error_boundary.title')).toBe('Error occured in {{component}}');
    expect(en.get('toast.update_succeeded')).toBe('Succeeded to update {{target}}');
    expect(en.get('form.required')).toBe('{{field}} is required');
    expect(en.get('page.login_to_edit')).toBe('Please login or signup to edit the page or use hackmd.');
    expect(en.get('page.login_to_create')).toBe('Please login or signup to create a new page.');
    expect(en.get('page.could_not_edit')).toBe('This page could not edit.');
    expect(en.get('path.invalid_characters')).toBe('Invalid characters on path');
  });

  it('says what happened in plain words where the SPEC names no message (issue 30)', () => {
    const grammar = [...en].filter(([, text]) => /Succeeded to (?!update \{\{target\}\})/.test(text));
    expect(grammar).toEqual([]);
    expect(en.get('search_admin.normalized')).toBe('Up to date');
  });
});

describe('the admin screens', () => {
  it('each have a name and, on the admin home, a line saying what they are for', () => {
    for (const tab of ADMIN_TABS) {
      expect(en.get(tab.key), tab.key).toBeDefined();
      if (tab.path !== '/admin') expect(en.get(`${tab.key}_hint`), `${tab.key}_hint`).toBeDefined();
    }
  });
});

/** Every .ts/.tsx file under `dir`. */
function sourcesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the web app', () => {
  it('asks only for keys that exist (a plural key by its _one and _other forms)', () => {
    const missing: string[] = [];
    for (const file of sourcesUnder(path.resolve(__dirname, '../../src/renderer/src'))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const [, key] of text.matchAll(/\bt\(\s*'([a-z0-9_]+\.[\w.]+)'/g)) {
        if (!en.has(key!) && !(en.has(`${key}_one`) && en.has(`${key}_other`)))
          missing.push(`${key} (${file})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
