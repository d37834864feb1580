import { describe, expect, it } from 'vitest';
import { sectionOf } from '../../src/shared/page-sections';

const PAGE = [
  '# Guide',
  'Intro',
  '## Set up',
  'Install it.',
  '```sh',
  '# not a heading',
  '```',
  '### Details',
  'More.',
  '## Use',
  'Run it.',
  '## Set up',
  'Again.',
].join('\n');

describe('a section of a page, for embeds', () => {
  it('runs from the heading to the next of its level or higher, code fences included', () => {
    expect(sectionOf(PAGE, 'set-up')).toBe(
      '## Set up\nInstall it.\n```sh\n# not a heading\n```\n### Details\nMore.',
    );
    expect(sectionOf(PAGE, 'set-up-1')).toBe('## Set up\nAgain.');
    expect(sectionOf(PAGE, 'use')).toBe('## Use\nRun it.');
  });

  it('finds none for a heading the page does not have', () => {
    expect(sectionOf(PAGE, 'not-a-heading')).toBeNull();
  });
});
