// Pure logic of issue 7: reply folding (SPEC §9), tag names, the comments' Markdown (SPEC §3 line
// breaks, same sanitizer as pages) and the tag cloud's weights.
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import Markdown from 'react-markdown';
import { commentMarkdownOptions } from '../../src/shared/comment-markdown';
import { foldComments, normalizeTagName, type Comment } from '../../src/shared/social-types';
import { tagWeight } from '../../src/renderer/src/features/tags/TagsPage';
import { expiryFromDays, formatExpiry } from '../../src/renderer/src/features/share-links/api';

let seq = 0;
function comment(replyTo: string | null = null, id = `c${++seq}`): Comment {
  const at = new Date(Date.UTC(2026, 0, 1, 0, 0, seq)).toISOString();
  return {
    _id: id,
    page: 'p',
    revision: 'r',
    creator: null,
    comment: id,
    replyTo,
    createdAt: at,
    updatedAt: at,
  };
}

describe('foldComments', () => {
  const top = comment(null, 'top');
  const replies = [comment('top', 'r1'), comment('top', 'r2'), comment('top', 'r3'), comment('top', 'r4')];
  const other = comment(null, 'other');
  const all = [top, replies[0]!, other, ...replies.slice(1)];

  it('keeps only the latest two replies of each thread when "show all replies" is off', () => {
    const threads = foldComments(all, false);
    expect(threads.map((th) => th.comment._id)).toEqual(['top', 'other']);
    expect(threads[0]!.replies.map((r) => r._id)).toEqual(['r3', 'r4']);
    expect(threads[0]!.hiddenReplies).toBe(2);
    expect(threads[1]).toEqual({ comment: other, replies: [], hiddenReplies: 0 });
  });

  it('shows every reply in order when it is on', () => {
    const [thread] = foldComments(all, true);
    expect(thread!.replies.map((r) => r._id)).toEqual(['r1', 'r2', 'r3', 'r4']);
    expect(thread!.hiddenReplies).toBe(0);
  });

  it('hides nothing with two replies or fewer, and keeps a reply whose comment is gone', () => {
    const lone = comment('missing', 'lone');
    const threads = foldComments([top, replies[0]!, replies[1]!, lone], false);
    expect(threads[0]!.replies).toHaveLength(2);
    expect(threads[0]!.hiddenReplies).toBe(0);
    expect(threads[1]!.comment._id).toBe('lone');
  });
});

describe('normalizeTagName', () => {
  it('trims, and refuses empty, spaced or over-long names', () => {
    expect(normalizeTagName('  howto ')).toBe('howto');
    expect(normalizeTagName('日本語')).toBe('日本語');
    expect(normalizeTagName('')).toBeNull();
    expect(normalizeTagName('two words')).toBeNull();
    expect(normalizeTagName('tab\there')).toBeNull();
    expect(normalizeTagName('x'.repeat(64))).toBe('x'.repeat(64));
    expect(normalizeTagName('x'.repeat(65))).toBeNull();
  });
});

describe('comment Markdown', () => {
  const render = (text: string, lineBreaks: boolean) =>
    renderToStaticMarkup(<Markdown {...commentMarkdownOptions(lineBreaks)}>{text}</Markdown>);

  it('turns single line breaks into <br> only when the setting is on', () => {
    expect(render('one\ntwo', true)).toBe('<p>one<br/>\ntwo</p>');
    expect(render('one\ntwo', false)).toBe('<p>one\ntwo</p>');
    expect(render('**bold\nstill**', true)).toBe('<p><strong>bold<br/>\nstill</strong></p>');
  });

  it('keeps code blocks and paragraphs as they are', () => {
    expect(render('```\na\nb\n```', true)).toContain('a\nb');
    expect(render('p1\n\np2', true)).toBe('<p>p1</p>\n<p>p2</p>');
  });

  it('filters HTML with the pages’ sanitizer', () => {
    const html = render('hi <img src=x onerror="alert(1)"><script>alert(2)</script>', true);
    expect(html).not.toMatch(/onerror|<script/i);
  });
});

describe('tagWeight', () => {
  it('grows with use relative to the most used tag, 0 to 4', () => {
    expect(tagWeight(1, 1)).toBe(0);
    expect(tagWeight(1, 100)).toBe(0);
    expect(tagWeight(10, 100)).toBe(2);
    expect(tagWeight(100, 100)).toBe(4);
  });
});

describe('share link expiry', () => {
  it('takes a whole number of days (SPEC §5) and shows yyyy-MM-dd HH:mm (SPEC §9)', () => {
    const now = Date.UTC(2026, 0, 31, 12, 0);
    expect(expiryFromDays('2', now)).toBe('2026-02-02T12:00:00.000Z');
    for (const bad of ['', '0', '-1', '1.5', 'soon', '99999'])
      expect(expiryFromDays(bad, now)).toBe('invalid');
    expect(formatExpiry('2026-02-02T12:05:00.000Z')).toMatch(/^2026-02-0[23] \d{2}:05$/);
  });
});
