// A ```plantuml or ```blockdiag block drawn by the diagram server the admin named; without one
// (the default) the block stays code. Only the image's address leaves the wiki, built from the
// admin's server and the block's text; it is an <img>, so nothing from the server can run here.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { blockdiagImageUrl, plantumlImageUrl } from './diagram-servers';

export function ServerDiagram({
  kind,
  server,
  source,
}: {
  kind: 'plantuml' | 'blockdiag';
  server: string;
  source: string;
}) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<{ source: string; url: string } | null>(null);
  useEffect(() => {
    let cancelled = false;
    const make = kind === 'plantuml' ? plantumlImageUrl : blockdiagImageUrl;
    void make(server, source).then((url) => !cancelled && setSrc({ source, url }));
    return () => {
      cancelled = true;
    };
  }, [kind, server, source]);
  const url = src?.source === source ? src.url : null;
  if (!url) return <pre className="diagram-pending">{source}</pre>;
  return (
    <img
      className="server-diagram"
      data-testid={`${kind}-diagram`}
      src={url}
      alt={t('markdown_extras.diagram_alt', { kind })}
    />
  );
}
