// A note's bytes as text. Most notes are UTF-8; a note saved by an old Windows editor is often
// Windows-1252, and Notepad writes UTF-16 with a byte order mark. Such a note is read in its own
// encoding and named in the report, never imported with replacement characters in silence.
export type NoteEncoding = 'utf-8' | 'utf-16' | 'windows-1252';

export interface NoteText {
  text: string;
  encoding: NoteEncoding;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Windows-1252's characters for bytes 0x80–0x9F (the rest is Latin-1). Node 20's TextDecoder
 * reads the `windows-1252` label as Latin-1, which turns “quotes” into control characters.
 */
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function decodeWindows1252(bytes: Uint8Array): string {
  const units = Uint16Array.from(bytes, (b) =>
    b >= 0x80 && b < 0xa0 ? CP1252_HIGH.charCodeAt(b - 0x80) : b,
  );
  let text = '';
  for (let i = 0; i < units.length; i += 8192) text += String.fromCharCode(...units.subarray(i, i + 8192));
  return text;
}

export function decodeNote(bytes: Uint8Array): NoteText {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16' };
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16' };
  }
  try {
    return { text: utf8.decode(bytes), encoding: 'utf-8' };
  } catch {
    // Not UTF-8: every byte is a character in Windows-1252 (Latin-1's superset on the web).
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
  }
}
