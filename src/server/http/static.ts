// Serves the built web app to browsers: static files, and index.html for every app route (SPA
// fallback). Until the first admin exists, every page redirects to /installer.
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { randomBytes } from 'node:crypto';
import { requestLang, translator } from '../lib/i18n';
import { customCssVersion } from '../modules/settings/customize-routes';
import { isScriptFreePath } from '../../shared/customize-types';

/** Defence in depth behind the Markdown sanitizer: no inline or foreign script can run. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  'img-src * data: blob:',
  // KaTeX's stylesheet carries some of its fonts inline (issue 30: the console showed them refused).
  "font-src 'self' data:",
  "frame-src 'self' https:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

const isApiPath = (url: string) => /^\/_api(x)?(\/|$|\?)/.test(url);

/** index.html, read again only when the file changed (a rebuild under a running server). */
function indexFileReader(file: string | null): () => string | null {
  let cached: { mtimeMs: number; html: string } | null = null;
  return () => {
    if (!file) return null;
    const mtimeMs = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs;
    if (mtimeMs === undefined) return null;
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: fs.readFileSync(file, 'utf8') };
    return cached.html;
  };
}

async function staticPlugin(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const dir = ctx.config.rendererDir;
  const indexFile = dir ? path.join(dir, 'index.html') : null;
  const readIndex = indexFileReader(indexFile);
  if (dir && readIndex()) {
    await app.register(fastifyStatic, { root: dir, index: false, wildcard: true });
  } else {
    app.log.warn({ dir }, 'web app not built: browsers get the API only (run `npm run build`)');
  }
  let installed = ctx.users.count() > 0;

  const sendApp = (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    installed ||= ctx.users.count() > 0;
    if (!installed && pathname !== '/installer') return reply.redirect('/installer');
    if (installed && pathname === '/installer') return reply.redirect('/');
    const indexHtml = readIndex();
    if (!indexHtml) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The Quire web app is not built. Run `npm run build`, then start the server again.');
    }
    const { html, nonce } = customized(indexHtml, pathname);
    const csp = nonce
      ? CONTENT_SECURITY_POLICY.replace("script-src 'self'", `script-src 'self' 'nonce-${nonce}'`)
      : CONTENT_SECURITY_POLICY;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', csp)
      .send(html);
  };

  /**
   * The admin's custom CSS (a stylesheet of this origin) on every screen, and the custom script —
   * only while its switch is on, never on sign-in, installer, personal or admin screens — inline
   * with a fresh CSP nonce, so nothing else inline may run.
   */
  const customized = (indexHtml: string, pathname: string): { html: string; nonce: string | null } => {
    let html = indexHtml;
    const cssVersion = customCssVersion(ctx.settings);
    if (cssVersion) {
      const link = `<link rel="stylesheet" id="quire-custom-css" href="/_api/v3/customize-setting/custom.css?v=${cssVersion}">`;
      html = html.replace('</head>', `${link}</head>`);
    }
    const script = ctx.settings.get('customize:script');
    if (!ctx.settings.get('customize:isScriptEnabled') || !script.trim() || isScriptFreePath(pathname)) {
      return { html, nonce: null };
    }
    const nonce = randomBytes(16).toString('base64');
    // `</script` inside the admin's code would end the element early.
    const code = script.replace(/<\/(script)/gi, '<\\/$1');
    html = html.replace(
      '</body>',
      `<script id="quire-custom-script" nonce="${nonce}">${code}</script></body>`,
    );
    return { html, nonce };
  };

  // The top page; every other app route reaches sendApp through the not-found handler.
  app.get('/', sendApp);

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      const t = translator(requestLang(request));
      return reply
        .status(404)
        .send({ errors: [{ code: 'not_found', message: t('errors.route_not_found') }] });
    }
    return sendApp(request, reply);
  });
}

export default fp(staticPlugin, { name: 'quire-static' });
