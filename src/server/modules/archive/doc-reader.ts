// Typed reads of one archive document (a GROWI/Quire collection row as JSON). A wrong type throws a
// ShapeError naming the field, which the import turns into a translated "wrong field type" error.
const HEX24 = /^[0-9a-f]{24}$/i;

export type Doc = Record<string, unknown>;

export class ShapeError extends Error {
  constructor(readonly field: string) {
    super(`invalid field ${field}`);
  }
}

/** A Mongo ObjectId as GROWI writes it: 24 hex digits, stored lower-case. */
export function isObjectId(value: unknown): value is string {
  return typeof value === 'string' && HEX24.test(value);
}

export function readerOf(doc: Doc) {
  const fail = (field: string): never => {
    throw new ShapeError(field);
  };
  const present = (field: string) => doc[field] !== undefined && doc[field] !== null;
  const reader = {
    id(field: string): string {
      const value = doc[field];
      return isObjectId(value) ? value.toLowerCase() : fail(field);
    },
    optId(field: string): string | null {
      return present(field) ? reader.id(field) : null;
    },
    str(field: string): string {
      const value = doc[field];
      return typeof value === 'string' ? value : fail(field);
    },
    optStr(field: string): string | null {
      return present(field) ? reader.str(field) : null;
    },
    num(field: string, fallback?: number): number {
      const value = doc[field];
      if (!present(field) && fallback !== undefined) return fallback;
      return typeof value === 'number' && Number.isFinite(value) ? value : fail(field);
    },
    bool(field: string, fallback: boolean): boolean {
      const value = doc[field];
      if (!present(field)) return fallback;
      return typeof value === 'boolean' ? value : fail(field);
    },
    /** An ISO date string (JSON of a BSON Date) as epoch ms. */
    date(field: string, fallback?: number): number {
      if (!present(field) && fallback !== undefined) return fallback;
      const value = doc[field];
      const ms = typeof value === 'string' ? Date.parse(value) : NaN;
      return Number.isFinite(ms) ? ms : fail(field);
    },
    optDate(field: string): number | null {
      return present(field) ? reader.date(field) : null;
    },
    ids(field: string): string[] {
      const value = doc[field];
      if (!present(field)) return [];
      if (!Array.isArray(value)) return fail(field);
      return value.map((item) => (isObjectId(item) ? item.toLowerCase() : fail(field)));
    },
    has: present,
    raw: (field: string): unknown => doc[field],
  };
  return reader;
}

export type DocReader = ReturnType<typeof readerOf>;
