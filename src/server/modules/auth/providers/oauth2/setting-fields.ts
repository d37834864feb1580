// What the OAuth 2 sign-ins' settings routes share (GitHub's and Google's, in their folders): the
// client id, the write-only client secret (masked; the mask sent back keeps it) and the linking
// switches, under `security:passport-<id>:`.
import type { SettingsService } from '../../../settings/service';
import { SECRET_MASK } from '../../../../../shared/sign-in-types';

export const text = { type: ['string', 'null'], maxLength: 1024 } as const;
export const flag = { type: ['boolean', 'null'] } as const;
export type Provider = 'github' | 'google';

export const key = (provider: Provider, name: string) =>
  `security:passport-${provider}:${name}` as `security:passport-github:clientId`;
const flagKey = (provider: Provider, name: string) =>
  `security:passport-${provider}:${name}` as `security:passport-github:isSameUsernameTreatedAsIdenticalUser`;

export function secretOf(settings: SettingsService, provider: Provider): string {
  return settings.get(key(provider, 'clientSecret')) === '' ? '' : SECRET_MASK;
}

export type Body = Record<string, string | boolean | null | undefined>;

/** Writes the common fields; absent fields stay, null clears. */
export function saveCommon(settings: SettingsService, provider: Provider, body: Body): void {
  const id = body[`${provider}ClientId`];
  const secret = body[`${provider}ClientSecret`];
  if (typeof id === 'string' || id === null) settings.set(key(provider, 'clientId'), (id ?? '').trim());
  if ((typeof secret === 'string' || secret === null) && secret !== SECRET_MASK) {
    settings.set(key(provider, 'clientSecret'), secret ?? '');
  }
  for (const name of ['isSameUsernameTreatedAsIdenticalUser', 'isSameEmailTreatedAsIdenticalUser']) {
    const value = body[name];
    if (value !== undefined) settings.set(flagKey(provider, name), value === true);
  }
}
