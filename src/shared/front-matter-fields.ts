// The front matter a page keeps (fields an import had no other place for: a Wiki.js title and
// description, Obsidian's cssclasses), read line by line for the page view's properties panel:
// top-level `key: value` lines, with indented lines and list items joined to the field above.
// Shown as text, never as markup; the full YAML stays in the body for the editor and the export.

export interface FrontMatterField {
  key: string;
  value: string;
}

/** A leading front matter block: `---`, its YAML (group 1), `---` (the import reads it too). */
export const FRONT_MATTER_BLOCK = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;
const FIELD = /^([^\s:#][^:]*):(?:\s+(.*))?$/;

const unquoted = (value: string) => value.trim().replace(/^(["'])(.*)\1$/, '$2');

export function frontMatterFields(body: string): FrontMatterField[] {
  const match = FRONT_MATTER_BLOCK.exec(body);
  if (!match) return [];
  const fields: FrontMatterField[] = [];
  for (const line of (match[1] ?? '').split(/\r?\n/)) {
    const field = FIELD.exec(line);
    const last = fields[fields.length - 1];
    if (field) fields.push({ key: (field[1] ?? '').trim(), value: unquoted(field[2] ?? '') });
    else if (last && line.trim() && !line.trim().startsWith('#')) {
      const item = unquoted(line.trim().replace(/^-\s*/, ''));
      last.value = last.value ? `${last.value}, ${item}` : item;
    }
  }
  return fields;
}
