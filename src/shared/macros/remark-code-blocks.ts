// Code fences GROWI gives a meaning to: ```csv / csv-h / tsv / tsv-h become tables (the `-h`
// kinds take their first row as the header; the others get an empty one, as GROWI does), and
// ```lang:file.name shows the file name above the highlighted code (SPEC "code fence language
// parsing"). Plain mdast tables and div/span with classes: nothing the sanitizer would refuse.
import type { Code, Parent, Root, RootContent, Table, TableRow } from 'mdast';

/** Bounds a pasted spreadsheet: beyond these, the fence stays a code block. */
const MAX_ROWS = 2000;
const MAX_COLUMNS = 100;

/** RFC 4180 fields: quotes around a field, `""` inside quotes for one quote. */
export function parseDelimited(text: string, delimiter: ',' | '\t'): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === delimiter) {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

function tableRow(cells: string[], width: number): TableRow {
  const padded = [...cells, ...Array<string>(width - cells.length).fill('')];
  return {
    type: 'tableRow',
    children: padded.map((value) => ({
      type: 'tableCell',
      children: value === '' ? [] : [{ type: 'text', value }],
    })),
  };
}

function toTable(code: Code, delimiter: ',' | '\t', hasHeader: boolean): Table | null {
  const rows = parseDelimited(code.value, delimiter);
  const width = Math.max(0, ...rows.map((row) => row.length));
  if (rows.length === 0 || rows.length > MAX_ROWS || width > MAX_COLUMNS) return null;
  const header = hasHeader ? (rows.shift() ?? []) : [];
  return {
    type: 'table',
    align: Array<null>(width).fill(null),
    children: [tableRow(header, width), ...rows.map((row) => tableRow(row, width))],
  };
}

const XSV = /^(csv|tsv)(-h)?$/;

function withFileName(code: Code, lang: string, fileName: string): RootContent {
  code.lang = lang || null;
  const name = {
    type: 'quireCodeFileName',
    children: [{ type: 'text', value: fileName }],
    data: { hName: 'div', hProperties: { className: ['code-file-name'] } },
  };
  return {
    type: 'quireCodeBlock',
    children: [name, code],
    data: { hName: 'div', hProperties: { className: ['code-block-with-file-name'] } },
  } as unknown as RootContent;
}

function rewrite(code: Code): RootContent {
  const lang = code.lang ?? '';
  const xsv = XSV.exec(lang);
  if (xsv) return toTable(code, xsv[1] === 'csv' ? ',' : '\t', xsv[2] !== undefined) ?? code;
  const colon = lang.indexOf(':');
  if (colon === -1) return code;
  const fileName = lang.slice(colon + 1);
  return fileName ? withFileName(code, lang.slice(0, colon), fileName) : code;
}

function visit(parent: Parent): void {
  parent.children = parent.children.map((child) => {
    if (child.type === 'code') return rewrite(child);
    if ('children' in child) visit(child);
    return child;
  }) as Parent['children'];
}

export function remarkCodeBlocks() {
  return (tree: Root): void => visit(tree);
}
