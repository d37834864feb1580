// Code highlighting is fetched only for bodies with fenced code naming its language (issue 15's
// first-view weight): which bodies need it.
import { describe, expect, it } from 'vitest';
import { hasHighlightableCode } from '../../src/shared/markdown';

describe('hasHighlightableCode', () => {
  it('is true for fenced code with a language, and only then', () => {
    expect(hasHighlightableCode('text\n\n```js\nconst a = 1;\n```')).toBe(true);
    expect(hasHighlightableCode('~~~ python\nprint(1)\n~~~')).toBe(true);
    expect(hasHighlightableCode('  ```ts\nx\n```')).toBe(true);
    expect(hasHighlightableCode('```\nno language\n```')).toBe(false);
    expect(hasHighlightableCode('    indented code')).toBe(false);
    expect(hasHighlightableCode('inline `code` only')).toBe(false);
    expect(hasHighlightableCode('')).toBe(false);
  });
});
