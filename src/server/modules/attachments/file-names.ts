// Uploaded names and types come from the browser: they are kept only as text to show, never used
// as paths, and reach response headers only through contentDisposition.

const MAX_NAME_LENGTH = 255;

/**
 * The name shown for an upload: its last path segment (`../../etc/passwd` → `passwd`,
 * `C:\x\a.png` → `a.png`), without control characters, at most 255 characters; `file` if nothing
 * is left.
 */
export function cleanFileName(raw: string): string {
  const lastSegment = raw.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const printable = lastSegment.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const name = printable === '.' || printable === '..' ? '' : printable;
  return Array.from(name).slice(0, MAX_NAME_LENGTH).join('') || 'file';
}

/** A MIME type as `type/subtype` in lower case (parameters dropped); unknown ones become octet-stream. */
export function normaliseFormat(raw: string): string {
  const type = (raw.split(';')[0] ?? '').trim().toLowerCase();
  return /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/.test(type)
    ? type
    : 'application/octet-stream';
}

/**
 * `Content-Disposition` with the original name: an ASCII fallback in `filename` and the exact name
 * in RFC 5987's `filename*` (UTF-8, percent-encoded), so quotes and line breaks cannot break out.
 */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
