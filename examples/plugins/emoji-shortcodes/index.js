// A Quire renderer extension: a remark plugin that replaces :shortcodes: in the text of pages with
// emoji. Quire draws the standard shortcodes itself; this sample shows how a team adds its own
// (:shipit:, :lgtm:, :quire:). Code spans and code blocks are left alone (they are not text nodes).
// The output is plain text, so Quire's sanitizer has nothing to remove.
const EMOJI = {
  shipit: '🐿️',
  lgtm: '👍',
  quire: '🪶',
  tada: '🎉',
  warning: '⚠️',
  white_check_mark: '✅',
  x: '❌',
  bulb: '💡',
  memo: '📝',
  rocket: '🚀',
  bug: '🐛',
  fire: '🔥',
  eyes: '👀',
  thumbsup: '👍',
  smile: '😄',
  question: '❓',
  lock: '🔒',
  calendar: '📅',
};

function replaceIn(node) {
  if (node.type === 'text') {
    node.value = node.value.replace(/:([a-z0-9_+-]+):/g, (match, name) => EMOJI[name] ?? match);
    return;
  }
  if (node.type === 'code' || node.type === 'inlineCode') return;
  for (const child of node.children ?? []) replaceIn(child);
}

function remarkEmojiShortcodes() {
  return (tree) => replaceIn(tree);
}

export default { remarkPlugins: [remarkEmojiShortcodes] };
