// A settings section (issue 31) is how every sign-in form's settings are read and written: absent
// fields keep their value, null or blank clears, text is trimmed, a secret is only ever answered
// as the mask, and the mask sent back keeps the stored secret.
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/server/config';
import { createContext, type AppContext } from '../../src/server/context';
import { settingsSection } from '../../src/server/modules/settings/section';
import { SECRET_MASK } from '../../src/shared/sign-in-types';
import { makeDataDir } from '../helpers/server';

let ctx: AppContext;
let dataDir: string;
afterEach(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const SECTION = settingsSection({
  text: { clientId: 'security:passport-github:clientId', baseUrl: 'security:passport-github:baseUrl' },
  secrets: { clientSecret: 'security:passport-github:clientSecret' },
  flags: { sameName: 'security:passport-github:isSameUsernameTreatedAsIdenticalUser' },
  maxLength: 100,
});

function open() {
  dataDir = makeDataDir();
  ctx = createContext(defaultConfig({ dataDir, logLevel: 'silent', logToFile: false }));
  return ctx.settings;
}

describe('a settings section', () => {
  it('writes what the body carries and keeps what it leaves out', () => {
    const settings = open();
    SECTION.write(settings, { clientId: '  my-app ', clientSecret: 's3cret', sameName: true });
    expect(SECTION.read(settings)).toEqual({
      clientId: 'my-app',
      baseUrl: '',
      clientSecret: SECRET_MASK,
      sameName: true,
    });
    SECTION.write(settings, { baseUrl: 'https://github.example.lan' });
    expect(SECTION.read(settings)).toMatchObject({
      clientId: 'my-app',
      baseUrl: 'https://github.example.lan',
    });
    expect(settings.get('security:passport-github:clientSecret')).toBe('s3cret');
  });

  it('clears on null or blank, turns a flag off on null, and keeps a secret sent back as the mask', () => {
    const settings = open();
    SECTION.write(settings, {
      clientId: 'my-app',
      baseUrl: 'https://x.lan',
      clientSecret: 's3cret',
      sameName: true,
    });
    SECTION.write(settings, { clientId: null, baseUrl: '   ', clientSecret: SECRET_MASK, sameName: null });
    expect(SECTION.read(settings)).toEqual({
      clientId: '',
      baseUrl: '',
      clientSecret: SECRET_MASK,
      sameName: false,
    });
    expect(settings.get('security:passport-github:clientSecret')).toBe('s3cret');
    SECTION.write(settings, { clientSecret: null });
    expect(SECTION.read(settings).clientSecret).toBe('');
  });

  it('tells what the text would be before writing, and describes its body', () => {
    const settings = open();
    SECTION.write(settings, { clientId: 'stored' });
    expect(SECTION.after(settings, { baseUrl: ' https://new.lan ' })).toEqual({
      clientId: 'stored',
      baseUrl: 'https://new.lan',
    });
    expect(settings.get('security:passport-github:baseUrl')).toBe('');
    expect(SECTION.body).toEqual({
      type: 'object',
      additionalProperties: false,
      required: [],
      properties: {
        clientId: { type: ['string', 'null'], maxLength: 100 },
        baseUrl: { type: ['string', 'null'], maxLength: 100 },
        clientSecret: { type: ['string', 'null'], maxLength: 100 },
        sameName: { type: ['boolean', 'null'] },
      },
    });
  });
});
