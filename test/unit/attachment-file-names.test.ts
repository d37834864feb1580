import { describe, expect, it } from 'vitest';
import {
  cleanFileName,
  contentDisposition,
  normaliseFormat,
} from '../../src/server/modules/attachments/file-names';
import { attachmentMarkdown, formatFileSize } from '../../src/shared/attachment-types';

describe('attachment names and types', () => {
  it('keep only the last path segment of a name, without control characters', () => {
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('C:\\Users\\me\\a.png')).toBe('a.png');
    expect(cleanFileName('a\r\nb.txt')).toBe('ab.txt');
    expect(cleanFileName('..')).toBe('file');
    expect(cleanFileName('')).toBe('file');
    expect(cleanFileName('x'.repeat(400))).toHaveLength(255);
  });

  it('normalise MIME types and turn anything odd into octet-stream', () => {
    expect(normaliseFormat('Image/PNG')).toBe('image/png');
    expect(normaliseFormat('text/html; charset=utf-8')).toBe('text/html');
    expect(normaliseFormat('')).toBe('application/octet-stream');
    expect(normaliseFormat('evil\r\nheader: x')).toBe('application/octet-stream');
  });

  it('put the exact name in filename* and a harmless ASCII one in filename', () => {
    expect(contentDisposition('attachment', 'say "hi".txt')).toBe(
      `attachment; filename="say _hi_.txt"; filename*=UTF-8''say%20%22hi%22.txt`,
    );
    expect(contentDisposition('inline', "l'été (1).png")).toBe(
      `inline; filename="l'_t_ (1).png"; filename*=UTF-8''l%27%C3%A9t%C3%A9%20%281%29.png`,
    );
  });

  it('write Markdown for an upload: an image for safe images, a link otherwise', () => {
    const base = { filePathProxied: '/attachment/0123456789abcdef01234567' };
    expect(attachmentMarkdown({ ...base, originalName: 'a [1].png', fileFormat: 'image/png' })).toBe(
      '![a \\[1\\].png](/attachment/0123456789abcdef01234567)',
    );
    expect(attachmentMarkdown({ ...base, originalName: 'x.svg', fileFormat: 'image/svg+xml' })).toBe(
      '[x.svg](/attachment/0123456789abcdef01234567)',
    );
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10 MB');
  });
});
