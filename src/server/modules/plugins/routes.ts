// HTTP for plugins. Admin routes (GROWI's shapes: list, install, activate/deactivate, remove, and
// the loading switch) check requireAdmin; the web app's routes (active plugins, a template's
// Markdown, a theme's stylesheet, a renderer extension's module) check requireReader. Files are
// served with their type and nosniff from Quire itself, so the page's CSP (`script-src 'self'`)
// stays as it is. Installing a renderer extension takes `allowScript` (the admin's consent).
import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/app-error';
import { requireAdmin, requireReader } from '../../lib/guards';
import { downloadZip, zipAddressOf } from './download';
import { PLUGIN_LIMITS } from './files';
import { contractRoute } from '../../lib/contract-route';
import {
  activePlugins,
  pluginActivate,
  pluginDeactivate,
  pluginFromFolder,
  pluginFromUrl,
  pluginInstall,
  pluginList,
  pluginRemove,
  pluginSettingsUpdate,
  pluginTemplate,
  pluginUpload,
} from '../../../shared/contracts/plugins';
const ZIP_BYTES = PLUGIN_LIMITS.totalBytes;

export async function pluginApiRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  await app.register(fastifyMultipart, { throwFileSizeLimit: false });

  contractRoute(app, pluginList, async (request) => {
    requireAdmin(request);
    return ctx.plugins.list();
  });

  contractRoute(app, pluginUpload, async (request, reply) => {
    requireAdmin(request);
    if (!request.isMultipart()) throw badRequest('required', 'errors.required', { field: 'file' });
    const part = await request.file({ limits: { fileSize: ZIP_BYTES, files: 1, fields: 2 } });
    if (!part) throw badRequest('required', 'errors.required', { field: 'file' });
    const buffer = await part.toBuffer();
    if (part.file.truncated)
      throw badRequest('too_large', 'plugins.errors.too_large', { entry: part.filename });
    // The consent field must come before the file (the web app and the docs send it so).
    const consent = part.fields.allowScript;
    const allowScript =
      !!consent && !Array.isArray(consent) && 'value' in consent && consent.value === 'true';
    const plugin = await ctx.plugins.installZip(buffer, part.filename.slice(0, 200), allowScript);
    return reply.status(201).send({ plugin });
  });

  contractRoute(app, pluginFromFolder, async (request, reply) => {
    requireAdmin(request);
    const { folderPath, allowScript } = request.body;
    const plugin = await ctx.plugins.installFolder(folderPath, allowScript === true);
    return reply.status(201).send({ plugin });
  });

  contractRoute(app, pluginFromUrl, async (request, reply) => {
    requireAdmin(request);
    const address = zipAddressOf(request.body.url);
    if (!address) throw badRequest('invalid_url', 'plugins.errors.invalid_url');
    const bytes = await downloadZip(address);
    const plugin = await ctx.plugins.installDownloaded(
      bytes,
      address.slice(0, 500),
      request.body.allowScript === true,
    );
    return reply.status(201).send({ plugin });
  });

  // GROWI's installer form: a GitHub address with an optional branch or tag; GROWI answers the name.
  contractRoute(app, pluginInstall, async (request, reply) => {
    requireAdmin(request);
    const { url, ghBranch, ghTag } = request.body.pluginInstallerForm;
    const address = zipAddressOf(url, { branch: ghBranch, tag: ghTag });
    if (!address) throw badRequest('invalid_url', 'plugins.errors.invalid_url');
    const plugin = await ctx.plugins.installDownloaded(
      await downloadZip(address),
      address.slice(0, 500),
      false,
    );
    return reply.status(201).send({ pluginName: plugin.name, plugin });
  });

  for (const [contract, isEnabled] of [
    [pluginActivate, true],
    [pluginDeactivate, false],
  ] as const) {
    contractRoute(app, contract, async (request) => {
      requireAdmin(request);
      const plugin = ctx.plugins.setEnabled(request.params.id, isEnabled);
      return { pluginName: plugin.name, plugin };
    });
  }

  contractRoute(app, pluginRemove, async (request) => {
    requireAdmin(request);
    return { ok: true as const, pluginName: ctx.plugins.remove(request.params.id) };
  });

  contractRoute(app, pluginSettingsUpdate, async (request) => {
    requireAdmin(request);
    const { isEnabledPlugins, activeTheme } = request.body;
    if (activeTheme !== undefined) ctx.plugins.setActiveTheme(activeTheme);
    if (isEnabledPlugins !== undefined) ctx.plugins.setLoading(isEnabledPlugins);
    return ctx.plugins.list();
  });

  contractRoute(app, activePlugins, async (request) => {
    requireReader(request);
    return ctx.plugins.active();
  });

  contractRoute(app, pluginTemplate, async (request) => {
    requireReader(request);
    return { markdown: ctx.plugins.templateBody(request.params.id, request.params.templateId) };
  });
}

/** `/plugins/{id}/files/{file}`: an enabled theme's stylesheet or renderer's module, nothing else. */
export async function pluginFileRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get<{ Params: { id: string; '*': string } }>(
    '/plugins/:id([0-9a-f]{24})/files/*',
    async (request, reply) => {
      requireReader(request);
      const file = ctx.plugins.servedFile(request.params.id, request.params['*']);
      const type = file.type === 'css' ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8';
      return reply
        .type(type)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-cache')
        .send(file.text);
    },
  );
}
