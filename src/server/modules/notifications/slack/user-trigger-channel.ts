// User-trigger notifications (GROWI's UpdatePost firing): the author ticked "Slack" when saving or
// commenting, and chose channels. At delivery the message is built (a new page's start, or the
// change as a short diff, or the comment) and one Slack row per channel goes into the outbox.
import type { SettingsService } from '../../settings/service';
import type { OutboxStore } from '../outbox';
import type { LocalChannel } from '../worker';
import { SLACK } from '../channel-names';
import type { NotificationLookups } from '../lookups';
import type { SlackMessage } from './slack-transport';
import { changeForSlack, markdownForSlack, slackEscape, slackLink } from './slack-format';

export interface UserTriggerPayload {
  key: string;
  kind: 'create' | 'update' | 'comment';
  pageId: string;
  revisionId?: string;
  commentId?: string;
  actorId: string;
  channels: string[];
}

export interface UserTriggerDeps {
  outbox: OutboxStore;
  settings: SettingsService;
  lookups: NotificationLookups;
  page(pageId: string): { path: string } | undefined;
  user(userId: string): { username: string } | undefined;
  siteUrl(): string;
  wake(): void;
}

function buildMessage(
  deps: UserTriggerDeps,
  payload: UserTriggerPayload,
  path: string,
): Omit<SlackMessage, 'channel'> | null {
  const siteUrl = deps.siteUrl();
  const username = deps.user(payload.actorId)?.username ?? '?';
  const url = `${siteUrl}/${payload.pageId}`;
  const link = slackLink(url, path);
  const who = slackEscape(username);
  let text: string;
  let body: string;
  if (payload.kind === 'comment') {
    const comment = payload.commentId ? deps.lookups.commentText(payload.commentId) : undefined;
    if (comment === undefined) return null;
    text = `:speech_balloon: ${who} commented on ${link}`;
    body = slackEscape(comment);
  } else {
    const revision = payload.revisionId ? deps.lookups.revisionWithPrevious(payload.revisionId) : undefined;
    if (!revision) return null;
    const created = payload.kind === 'create';
    text = created
      ? `:rocket: ${who} created a new page! ${link}`
      : `:heavy_check_mark: ${who} updated ${link}`;
    body = created ? markdownForSlack(revision.body) : changeForSlack(revision.previous, revision.body);
  }
  return {
    username: deps.settings.get('app:title'),
    text,
    attachments: [
      {
        color: '#263a3c',
        author_name: `@${username}`,
        author_link: `${siteUrl}/user/${encodeURIComponent(username)}`,
        title: path,
        title_link: url,
        text: body,
        mrkdwn_in: ['text'],
      },
    ],
  };
}

export function userTriggerChannel(deps: UserTriggerDeps): LocalChannel {
  return {
    deliverHere(raw) {
      const payload = raw as UserTriggerPayload;
      const page = deps.page(payload.pageId);
      if (!page) return;
      const message = buildMessage(deps, payload, page.path);
      if (!message) return;
      let added = false;
      for (const channel of payload.channels) {
        added = deps.outbox.enqueue(SLACK, `${payload.key}:${channel}`, { ...message, channel }) || added;
      }
      if (added) deps.wake();
    },
  };
}
