import { describe, expect, it } from 'vitest';
import { frontMatterFields } from '../../src/shared/front-matter-fields';

describe('the properties panel reads a page’s own front matter', () => {
  it('lists top-level fields, joining list items and indented lines to the field above', () => {
    const body = [
      '---',
      'title: "LDAP / Active Directory"',
      'description: Authentication Module',
      'cssclasses:',
      '  - wide',
      '  - dark',
      '# a comment',
      'empty:',
      '---',
      '',
      '# Body',
    ].join('\n');
    expect(frontMatterFields(body)).toEqual([
      { key: 'title', value: 'LDAP / Active Directory' },
      { key: 'description', value: 'Authentication Module' },
      { key: 'cssclasses', value: 'wide, dark' },
      { key: 'empty', value: '' },
    ]);
  });

  it('finds none in a body without a leading block', () => {
    expect(frontMatterFields('# Title\n\n---\nnot: front matter\n---')).toEqual([]);
  });
});
