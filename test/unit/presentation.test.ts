// Presentation mode's slides (issue 15): SPEC §9's page-break presets and a custom regular
// expression; code fences are never cut.
import { describe, expect, it } from 'vitest';
import { customSeparatorProblem, splitSlides } from '../../src/shared/presentation';

const body = '# One\n\ntext\n\n-----\n\n# Two\n\n```\n-----\n```\n\n-----\n# Three';

describe('splitSlides', () => {
  it('cuts at five hyphens, not inside code', () => {
    expect(splitSlides(body, { pageBreakSeparator: 2, pageBreakCustomSeparator: '' })).toEqual([
      '# One\n\ntext',
      '# Two\n\n```\n-----\n```',
      '# Three',
    ]);
  });

  it('cuts at three blank lines', () => {
    const slides = splitSlides('A\n\n\n\nB\n\nstill B\n\n\n\n\nC', {
      pageBreakSeparator: 1,
      pageBreakCustomSeparator: '',
    });
    expect(slides).toEqual(['A', 'B\n\nstill B', 'C']);
  });

  it('cuts at a custom regular expression, and a page without breaks is one slide', () => {
    const custom = { pageBreakSeparator: 3 as const, pageBreakCustomSeparator: '^={3,}$' };
    expect(splitSlides('A\n===\nB', custom)).toEqual(['A', 'B']);
    expect(splitSlides('just text', custom)).toEqual(['just text']);
    expect(splitSlides('', custom)).toEqual(['']);
  });

  it('refuses custom separators that cannot work', () => {
    expect(customSeparatorProblem('^={3,}$')).toBeNull();
    expect(customSeparatorProblem('')).toBe('empty');
    expect(customSeparatorProblem('(')).toBe('invalid');
    expect(customSeparatorProblem('.*')).toBe('matches_empty');
    expect(customSeparatorProblem('x'.repeat(201))).toBe('too_long');
  });
});
