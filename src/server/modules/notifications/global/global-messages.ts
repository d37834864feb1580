// What a global notification says (GROWI's texts): a mail with the `#<event> - …` subject, its body
// in the recipient's language, and a Slack line starting with `:bell:`.
import type { TFunction } from 'i18next';
import type { GlobalEvent } from '../../../../shared/notification-rules';
import type { MailMessage } from '../mail/mailer';
import type { SlackMessage } from '../slack/slack-transport';
import { slackEscape, slackLink } from '../slack/slack-format';

export interface GlobalFacts {
  event: GlobalEvent;
  siteUrl: string;
  appTitle: string;
  pageId: string;
  /** Where the page is (for a deletion: where it was before the trash). */
  path: string;
  /** A move's old path. */
  oldPath?: string;
  username: string;
  comment?: string;
}

function pageUrl(facts: GlobalFacts): string {
  return `${facts.siteUrl}/${facts.pageId}`;
}

export function globalMail(t: TFunction, facts: GlobalFacts, to: string): MailMessage {
  const vars = {
    username: facts.username,
    path: facts.path,
    oldPath: facts.oldPath ?? '',
    newPath: facts.path,
    url: pageUrl(facts),
    appTitle: facts.appTitle,
    comment: facts.comment ?? '',
    interpolation: { escapeValue: false },
  };
  return {
    to,
    subject: `#${facts.event} - ${t(`notifications.global_subject.${facts.event}`, vars)}`,
    text: `${t(`notifications.global_text.${facts.event}`, vars)}\n\n----------------------\n\n${t('notifications.global_footer', vars)}`,
  };
}

export function globalSlackMessage(facts: GlobalFacts, channel: string): SlackMessage {
  const permalink = slackLink(pageUrl(facts), facts.path);
  const pathLink = slackLink(`${facts.siteUrl}${encodeURI(facts.path)}`, facts.path);
  const user = slackLink(`${facts.siteUrl}/user/${encodeURIComponent(facts.username)}`, facts.username);
  const what: Record<GlobalEvent, string> = {
    pageCreate: `created ${permalink}`,
    pageEdit: `edited ${permalink}`,
    pageDelete: `deleted ${pathLink}`,
    pageMove: `moved ${slackEscape(facts.oldPath ?? '')} to ${permalink}`,
    pageLike: `liked ${permalink}`,
    comment: `commented on ${permalink}`,
  };
  return {
    channel,
    username: facts.appTitle,
    text: `:bell: ${user} ${what[facts.event]}`,
    attachments: [
      { color: '#263a3c', text: facts.comment ? slackEscape(facts.comment) : '', mrkdwn_in: ['text'] },
    ],
  };
}
