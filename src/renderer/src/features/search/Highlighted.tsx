// Shows a server snippet ("escaped text with <em> around matches") without innerHTML: the <em>
// markers become <mark> elements and everything else is decoded into plain text nodes, so even a
// wrong snippet could never inject markup.
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);

export function Highlighted({ html, className }: { html: string; className?: string }) {
  const parts = html.split(/<\/?em>/);
  return (
    <span className={className}>
      {parts.map((part, i) => (i % 2 === 1 ? <mark key={i}>{decode(part)}</mark> : decode(part)))}
    </span>
  );
}
