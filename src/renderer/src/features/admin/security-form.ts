// The e-mail domain whitelist of /admin/security is edited as text, one `@domain` per line.
const DOMAIN_LINE = /^@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;

export interface WhitelistParse {
  domains: string[];
  /** Lines that are not `@domain`. */
  invalid: string[];
}

export function parseWhitelist(text: string): WhitelistParse {
  const domains: string[] = [];
  const invalid: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (!DOMAIN_LINE.test(line)) invalid.push(line);
    else if (!domains.includes(line.toLowerCase())) domains.push(line.toLowerCase());
  }
  return { domains, invalid };
}

/** The user upper limit field: a whole number ≥ 0 (0: no limit), or null when it is not one. */
export function parseUserLimit(text: string): number | null {
  const value = text.trim();
  if (!/^\d+$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : null;
}
