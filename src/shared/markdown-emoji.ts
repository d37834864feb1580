// Emoji shortcodes (`:smile:` → 😄, SPEC §3's emoji entry) with remark-emoji, loaded on demand:
// its table is large. Plain characters come out, so the sanitizer has nothing new to allow.
import emoji from 'remark-emoji';
import type { RemarkList } from './markdown';

export const remarkEmoji: RemarkList[number] = [emoji, { accessible: false, emoticon: false }];
