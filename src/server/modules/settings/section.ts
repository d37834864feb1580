// A group of settings as one admin form sends them (GROWI's field names mapped to its keys),
// declared once: the PUT body's schema, the values as an answer shows them (secrets masked), and
// the write. Every field is optional: absent keeps the stored value, null (or blank text) clears
// it, and a secret sent back as the mask keeps the stored one — unless the group says a field is
// required. Checks beyond the schema run on `after` (or `check`) before anything is written, so a
// refused body changes nothing. `putSection` makes the admin route that writes a group.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TSchema } from '@sinclair/typebox';
import { requireAdmin } from '../../lib/guards';
import { contractRoute } from '../../lib/contract-route';
import type { Contract } from '../../../shared/contracts/define';
import { SECRET_MASK } from '../../../shared/sign-in-types';
import type { SettingKey, SettingsService, SettingValue } from './service';

type KeysOf<T> = { [K in SettingKey]: SettingValue<K> extends T ? K : never }[SettingKey];
export type TextKey = KeysOf<string>;
export type FlagKey = KeysOf<boolean>;

export interface SectionFields {
  /** API field → a text setting: trimmed. */
  text?: Record<string, TextKey>;
  /** API field → an on/off setting: null turns it off. */
  flags?: Record<string, FlagKey>;
  /** API field → a write-only text setting. */
  secrets?: Record<string, TextKey>;
  /** API field → a setting stored as sent, untrimmed (code, a choice, a number): its schema says what may come. */
  raw?: Record<string, { key: SettingKey; schema: object }>;
  /** Fields GROWI's clients send that Quire takes and does not keep (the docs say why), by schema. */
  ignored?: Record<string, object>;
  /** Fields every body must carry, never null. */
  required?: readonly string[];
  /** More schema for a field (minLength, pattern, enum). */
  schemaOf?: Record<string, object>;
  /** The longest text accepted (2048 unless said), and per field. */
  maxLength?: number;
  maxLengthOf?: Record<string, number>;
}

/** A group's body as sent (a list only in fields the group takes and does not keep). */
export type SectionBody = Record<string, string | number | boolean | string[] | null | undefined>;
export type SectionValues = Record<string, string | number | boolean>;

export interface SettingsSection {
  /** The PUT body's JSON schema: these fields only, each a (nullable) string or boolean. */
  body: {
    type: 'object';
    additionalProperties: false;
    required: string[];
    properties: Record<string, object>;
  };
  /** The values an answer shows: secrets as the mask when one is stored, '' when none. */
  read(settings: SettingsService): SectionValues;
  /** The text values the body would leave (absent fields keep theirs), to check before writing. */
  after(settings: SettingsService, body: SectionBody): Record<string, string>;
  /** Writes what the body carries, in one transaction. */
  write(settings: SettingsService, body: SectionBody): void;
}

export function settingsSection(fields: SectionFields): SettingsSection {
  const text = Object.entries(fields.text ?? {});
  const flags = Object.entries(fields.flags ?? {});
  const secrets = Object.entries(fields.secrets ?? {});
  const raw = Object.entries(fields.raw ?? {});
  const required = [...(fields.required ?? [])];
  const schema = (field: string, type: string, more: object) => ({
    type: required.includes(field) ? type : [type, 'null'],
    ...more,
    ...fields.schemaOf?.[field],
  });
  const string = (field: string) =>
    schema(field, 'string', { maxLength: fields.maxLengthOf?.[field] ?? fields.maxLength ?? 2048 });
  const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  return {
    body: {
      type: 'object',
      additionalProperties: false,
      required,
      properties: Object.fromEntries([
        ...[...text, ...secrets].map(([field]) => [field, string(field)]),
        ...flags.map(([field]) => [field, schema(field, 'boolean', {})]),
        ...raw.map(([field, { schema: own }]) => [field, { ...own, ...fields.schemaOf?.[field] }]),
        ...Object.entries(fields.ignored ?? {}),
      ]),
    },
    read: (settings) =>
      Object.fromEntries([
        ...text.map(([field, key]) => [field, settings.get(key)]),
        ...secrets.map(([field, key]) => [field, settings.get(key) === '' ? '' : SECRET_MASK]),
        ...flags.map(([field, key]) => [field, settings.get(key)]),
        ...raw.map(([field, { key }]) => [field, settings.get(key)]),
      ]) as SectionValues,
    after: (settings, body) =>
      Object.fromEntries(
        text.map(([field, key]) => [
          field,
          body[field] === undefined ? settings.get(key) : trimmed(body[field]),
        ]),
      ),
    write: (settings, body) =>
      settings.together(() => {
        for (const [field, key] of text)
          if (body[field] !== undefined) settings.set(key, trimmed(body[field]));
        for (const [field, key] of flags)
          if (body[field] !== undefined) settings.set(key, body[field] === true);
        for (const [field, { key }] of raw)
          if (body[field] !== undefined) settings.set(key, body[field] as SettingValue<typeof key>);
        for (const [field, key] of secrets) {
          const value = body[field];
          if (value !== undefined && value !== SECRET_MASK)
            settings.set(key, typeof value === 'string' ? value : '');
        }
      }),
  };
}

export interface SectionRoute {
  /** The route, under the module's prefix. */
  path: string;
  section: SettingsSection;
  /** What the PUT answers: the screen's values after the write. */
  answer: () => object;
  /** Refuses a body the schema lets through (throws an AppError), before anything is written. */
  check?: (body: SectionBody, request: FastifyRequest) => void;
  /** The route's contract: its body is the group's, its answer what `answer` gives. */
  contract?: Contract & { body: TSchema };
}

/**
 * A schema as plain JSON with its keys in order (and no empty `required`): two declarations of
 * one body compare equal.
 */
function canonical(schema: unknown): string {
  return JSON.stringify(schema, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([key, item]) => !(key === 'required' && Array.isArray(item) && item.length === 0))
            .sort(([a], [b]) => a.localeCompare(b)),
        )
      : value,
  );
}

/** A drift between a settings group and its route's contract stops the server at start. */
export function checkSectionContract(contract: Contract & { body: TSchema }, section: SettingsSection) {
  if (canonical(contract.body) !== canonical(section.body))
    throw new Error(`the settings group of ${contract.path} is not its contract's body`);
}

/**
 * An admin's PUT of one settings group: checked, written in one transaction, answered. With a
 * contract (shared/contracts), the route is registered from it, and the group's fields must be
 * the contract's body exactly: a drift between the two stops the server at start.
 */
export function putSection(app: FastifyInstance, settings: SettingsService, route: SectionRoute) {
  const handler = async (request: FastifyRequest<{ Body: SectionBody }>) => {
    requireAdmin(request);
    route.check?.(request.body, request);
    route.section.write(settings, request.body);
    return route.answer();
  };
  if (!route.contract) {
    app.put<{ Body: SectionBody }>(route.path, { schema: { body: route.section.body } }, handler);
    return;
  }
  checkSectionContract(route.contract, route.section);
  contractRoute(app, route.contract, (request) => handler(request as FastifyRequest<{ Body: SectionBody }>));
}
