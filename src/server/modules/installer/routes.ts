// First run: creates the first administrator and the top page, then signs them in.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { conflict } from '../../lib/app-error';
import { translator } from '../../lib/i18n';
import { startSignedInSession } from '../auth/session-start';
import { toCurrentUser } from '../users/service';
import { contractRoute } from '../../lib/contract-route';
import { installer } from '../../../shared/contracts/auth';
import type { InstallerFields, InstallerRequest } from '../../../shared/api-types';

export default async function installerRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  contractRoute(app, installer, async (request, reply) => {
    // Permission: only while no user exists at all (409 afterwards).
    const alreadyInstalled = () => {
      if (ctx.users.count() > 0) throw conflict('already_installed', 'errors.already_installed');
    };
    alreadyInstalled();
    const form = installerForm(request.body);
    const admin = await ctx.users.create({ ...form, admin: true }, alreadyInstalled);
    const access = {
      viewer: { id: admin.id, admin: true },
      restrictGuestMode: request.access.restrictGuestMode,
    };
    const t = translator(form.lang);
    if (!ctx.pages.exists('/')) {
      const body = t('welcome.body', { title: ctx.settings.get('app:title') });
      ctx.pages.create(access, { path: '/', body });
    }
    await startSignedInSession(ctx, request, admin.id);
    // GROWI answers a message; the web app also needs the user now signed in.
    return reply.status(201).send({ message: t('installer.completed'), currentUser: toCurrentUser(admin) });
  });
}

/** The installer's fields from either form; GROWI's default language when its form names none. */
function installerForm(body: InstallerRequest): InstallerFields {
  const growi = body.registerForm;
  if (!growi) return body as InstallerFields;
  const { username, name, email, password } = growi;
  return { username, name, email, password, lang: growi.app?.globalLang ?? growi.lang ?? 'en_US' };
}
