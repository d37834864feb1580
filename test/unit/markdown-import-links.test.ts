import { describe, expect, it } from 'vitest';
import { HeadingAnchors } from '../../src/server/modules/markdown-io/import-anchors';
import { LinkResolver } from '../../src/server/modules/markdown-io/import-links';
import { readNote } from '../../src/server/modules/markdown-io/import-markdown-tree';
import { rewriteLinks } from '../../src/server/modules/markdown-io/import-rewrite';

/** Notes (file → body) imported under /v; every other file is an asset. */
function importer(notes: Record<string, string>, assets: string[] = []) {
  const pages = Object.keys(notes).map((file) => ({ file, path: `/v/${file.replace(/\.md$/, '')}` }));
  const resolver = new LinkResolver(pages, assets, '/v');
  const anchors = new Map(
    Object.entries(notes).map(([file, body]) => [file, new HeadingAnchors(readNote(body).headings)]),
  );
  return (file: string) =>
    rewriteLinks(notes[file] ?? '', {
      fromFile: file,
      resolver,
      assetUrl: (asset) => `/attachment/${asset.replace(/\W/g, '_')}`,
      anchorsOf: (f) => anchors.get(f),
    });
}

describe('imported links resolve as the tool that wrote them', () => {
  it('Obsidian: the vault-root path, then the note’s folder, then the shortest path, any case', () => {
    const rewrite = importer({
      'Sync/Security and privacy.md': '',
      'Publish/Security and privacy.md': '',
      'Sync/Plans.md': '[[Security and privacy]] [[security AND privacy|privacy]]',
      'Other.md': '[[Security and privacy]] [[Publish/Security and privacy]]',
      'Deep/a/Plans.md': '',
      'Root.md': '[[Plans]]',
      'Plans.md': '',
    });
    expect(rewrite('Sync/Plans.md').body).toBe(
      '[Security and privacy](/v/Sync/Security%20and%20privacy) [privacy](/v/Sync/Security%20and%20privacy)',
    );
    // No such note at the root or beside it: the shortest path wins (then the alphabet).
    expect(rewrite('Other.md').body).toBe(
      '[Security and privacy](/v/Publish/Security%20and%20privacy) [Security and privacy](/v/Publish/Security%20and%20privacy)',
    );
    expect(rewrite('Root.md').body).toBe('[Plans](/v/Plans)');
  });

  it('lands heading links on the id the page view gives the heading, and keeps same-note links on the page', () => {
    const rewrite = importer({
      'Note.md':
        '# Set up\n\n## Using [[Other|other notes]]\n\n## Set up\n\nSee [[#Set up]] and [[#Using other notes|below]].',
      'Other.md':
        '[[Note#Set up]] [[Note#Using other notes]] [[Note#Parent#Set up|nested]] [x](Note.md#set-up)',
    });
    expect(rewrite('Note.md').body).toContain('See [Set up](#set-up) and [below](#using-other-notes).');
    expect(rewrite('Other.md').body).toBe(
      '[Note](/v/Note#set-up) [Note](/v/Note#using-other-notes) [nested](/v/Note#set-up) [x](/v/Note#set-up)',
    );
  });

  it('turns block ids into anchors and links them', () => {
    const rewrite = importer(
      {
        'Note.md': 'A paragraph. ^intro\n\n![[pic.png]]^figure\n\n`code ^not`',
        'Other.md': '[[Note#^intro|the intro]] ![[Note#^figure]]',
      },
      ['pic.png'],
    );
    expect(rewrite('Note.md').body).toBe(
      'A paragraph. <a id="^intro"></a>\n\n![pic.png](/attachment/pic_png)<a id="^figure"></a>\n\n`code ^not`',
    );
    expect(rewrite('Other.md').body).toBe('[the intro](/v/Note#%5Eintro) [Note](/v/Note#%5Efigure)');
  });

  it('leaves code alone as the parser sees it: nested fences, fences in callouts, code spans in labels', () => {
    const body = [
      '````md',
      '```',
      '[[Inside]]',
      '```',
      '[[Still inside]]',
      '````',
      '> [!note]',
      '> ```',
      '> [[In a callout fence]]',
      '> ```',
      '[[Target]] and [`the` target](Target.md) and `[[span]]`',
    ].join('\n');
    const rewrite = importer({ 'Note.md': body, 'Target.md': '' });
    const out = rewrite('Note.md').body.split('\n');
    expect(out.slice(0, 10)).toEqual(body.split('\n').slice(0, 10));
    expect(out[10]).toBe('[Target](/v/Target) and [`the` target](/v/Target) and `[[span]]`');
  });

  it('reads escaped pipes in tables and sizes of embedded pictures', () => {
    const rewrite = importer(
      {
        'Note.md': '| a | b |\n| - | - |\n| [[Table view\\|Table]] | ![[img.jpg\\|100]] |',
        'Table view.md': '',
      },
      ['img.jpg'],
    );
    expect(rewrite('Note.md').body).toBe(
      '| a | b |\n| - | - |\n| [Table](/v/Table%20view) | <img src="/attachment/img_jpg" alt="img.jpg" width="100"> |',
    );
  });

  it('attaches pictures by bare name, with a fragment, and with parentheses in their names', () => {
    const rewrite = importer(
      {
        'a/Note.md': '![shot](shot.png#interface) [demo](<../Demos (1968).ogg>) [d2](../Demos%20(1968).ogg)',
      },
      ['img/shot.png', 'Demos (1968).ogg'],
    );
    const result = rewrite('a/Note.md');
    expect(result.body).toBe(
      '![shot](/attachment/img_shot_png) [demo](/attachment/Demos__1968__ogg) [d2](/attachment/Demos__1968__ogg)',
    );
    expect(result.assets).toEqual(['img/shot.png', 'Demos (1968).ogg', 'Demos (1968).ogg']);
  });

  it('Wiki.js: site-absolute links (case-sensitive, with a locale), sized pictures, attributes and <img> tags', () => {
    const rewrite = importer(
      {
        'auth.md': '',
        'auth/ldap.md': '## Setup',
        'fr/install.md': '',
        'fr/guide.md': '[a](/auth/ldap#setup) [b](/Auth/LDAP) [c](/install) [d](/en/auth) [e](/de/install)',
        'pics.md':
          '![Servo](/motors/servo.jpg =x250){.radius-7 .mt-3} <img src="/motors/servo.jpg" class="x"> ![](/nope.png =500x)',
      },
      ['motors/servo.jpg'],
    );
    // /Auth/LDAP differs in case: Wiki.js would not find it either. /install from fr/ is fr/install;
    // /en/auth is the page kept without a locale folder; no German page is there.
    expect(rewrite('fr/guide.md').body).toBe(
      '[a](/v/auth/ldap#setup) [b](/Auth/LDAP) [c](/v/fr/install) [d](/v/auth) [e](/de/install)',
    );
    expect(rewrite('pics.md').body).toBe(
      '<img src="/attachment/motors_servo_jpg" alt="Servo" height="250"> <img src="/attachment/motors_servo_jpg" class="x"> <img src="/nope.png" alt="" width="500">',
    );
  });

  it('counts names nothing answers and points them where such a page would be', () => {
    const result = importer({ 'Note.md': '[[Missing note#Part]]' })('Note.md');
    expect(result.body).toBe('[Missing note](/v/Missing%20note#Part)');
    expect(result.unresolved).toBe(1);
  });
});

describe('a collection wrapped in one folder (a zip of a clone, a chosen folder)', () => {
  it('reads site-absolute links and vault-root paths from inside that folder', () => {
    const rewrite = importer({
      'wiki-docs/auth/ldap.md': '',
      'wiki-docs/fr/install.md': '',
      'wiki-docs/fr/guide.md': '[a](/auth/ldap) [b](/install) [[auth/ldap]]',
    });
    expect(rewrite('wiki-docs/fr/guide.md').body).toBe(
      '[a](/v/wiki-docs/auth/ldap) [b](/v/wiki-docs/fr/install) [ldap](/v/wiki-docs/auth/ldap)',
    );
  });
});

describe('Outline', () => {
  it('finds documents by the slug of their title in /doc/… links, and uploads relatively', () => {
    const rewrite = importer(
      {
        'Testing/Test Doc.md': '',
        'Testing/My first document.md':
          '[back](/doc/test-doc-V7CLxhb0Xj) [gone](/doc/roadmap-pGIdT6co6u) ![](uploads/a/b/image.png)',
      },
      ['Testing/uploads/a/b/image.png'],
    );
    expect(rewrite('Testing/My first document.md').body).toBe(
      '[back](/v/Testing/Test%20Doc) [gone](/doc/roadmap-pGIdT6co6u) ![](/attachment/Testing_uploads_a_b_image_png)',
    );
  });
});
