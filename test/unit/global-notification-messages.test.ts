// What a global notification says (GROWI's texts): the `#<event> - …` mail subjects and the Slack
// `:bell:` lines for each of the six events, and the trigger-path candidates.
import { describe, expect, it } from 'vitest';
import {
  globalMail,
  globalSlackMessage,
  type GlobalFacts,
} from '../../src/server/modules/notifications/global/global-messages';
import { translator } from '../../src/server/lib/i18n';
import { GLOBAL_EVENTS, triggerPathCandidates, userTriggerRegExp } from '../../src/shared/notification-rules';

const base: Omit<GlobalFacts, 'event'> = {
  siteUrl: 'http://wiki.lan',
  appTitle: 'Team Wiki',
  pageId: '0123456789abcdef01234567',
  path: '/team/plan',
  oldPath: '/team/draft',
  username: 'bob',
  comment: 'Ship it <now>',
};
const page = '<http://wiki.lan/0123456789abcdef01234567|/team/plan>';
const user = '<http://wiki.lan/user/bob|bob>';

describe('global notification messages', () => {
  it('post GROWI’s :bell: line for each event', () => {
    const texts = Object.fromEntries(
      GLOBAL_EVENTS.map((event) => [event, globalSlackMessage({ ...base, event }, 'wiki').text]),
    );
    expect(texts).toEqual({
      pageCreate: `:bell: ${user} created ${page}`,
      pageEdit: `:bell: ${user} edited ${page}`,
      pageDelete: `:bell: ${user} deleted <http://wiki.lan/team/plan|/team/plan>`,
      pageMove: `:bell: ${user} moved /team/draft to ${page}`,
      pageLike: `:bell: ${user} liked ${page}`,
      comment: `:bell: ${user} commented on ${page}`,
    });
    const comment = globalSlackMessage({ ...base, event: 'comment' }, 'wiki');
    expect(comment).toMatchObject({ channel: 'wiki', username: 'Team Wiki' });
    expect(comment.attachments?.[0]?.text).toBe('Ship it &lt;now&gt;');
  });

  it('mail GROWI’s #<event> subjects', () => {
    const t = translator('en_US');
    const subjects = GLOBAL_EVENTS.map((event) => globalMail(t, { ...base, event }, 'a@b.c').subject);
    const url = 'http://wiki.lan/0123456789abcdef01234567';
    expect(subjects).toEqual([
      `#pageCreate - bob created /team/plan at URL: ${url}`,
      `#pageEdit - bob edited /team/plan at URL: ${url}`,
      `#pageDelete - bob deleted /team/plan at URL: ${url}`,
      `#pageMove - bob moved /team/draft to /team/plan at URL: ${url}`,
      `#pageLike - bob liked /team/plan at URL: ${url}`,
      `#comment - bob commented on /team/plan at URL: ${url}`,
    ]);
    const mail = globalMail(t, { ...base, event: 'comment' }, 'a@b.c');
    expect(mail.text).toContain('Ship it <now>');
    expect(mail.text).toContain('Quire: Team Wiki');
  });

  it('match trigger paths and user-trigger patterns as GROWI does', () => {
    expect(triggerPathCandidates('/a/b/c')).toEqual(['/a/b/c', '/a/b/*', '/a/*', '/*']);
    expect(triggerPathCandidates('/')).toEqual(['/']);
    expect(userTriggerRegExp('/project/*').test('/project/x/y')).toBe(true);
    expect(userTriggerRegExp('/project/*').test('/projects')).toBe(false);
    expect(userTriggerRegExp('meeting').test('/2026/meeting/notes')).toBe(true);
    expect(userTriggerRegExp('/a.b').test('/axb')).toBe(false);
  });
});
