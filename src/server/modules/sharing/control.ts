// The desktop's control channel (issue 16): its main process asks the server child for the sharing
// state, switches sharing and gets the QR code, over Node IPC or Electron's parentPort — never over
// HTTP, so the desktop's owner needs no admin session and nothing on the network can ask.
import type { QuireServer } from '../../app';
import { AppError } from '../../lib/app-error';
import { translator } from '../../lib/i18n';
import { FALLBACK_LANG } from '../../../shared/lang';
import type { SharingControlReply, SharingControlRequest } from '../../../shared/sharing';
import { qrPngDataUrl } from './qr';

/** The reply to one control request; errors in the desktop's language. */
export async function answerControlRequest(
  app: QuireServer | undefined,
  request: SharingControlRequest,
): Promise<SharingControlReply> {
  const { id } = request;
  const t = translator(request.lang ?? FALLBACK_LANG);
  try {
    if (!app) throw new AppError(503, 'restarting', 'sharing.restarting');
    const { sharing } = app.ctx;
    switch (request.type) {
      case 'sharing:get':
        return { type: 'sharing:reply', id, ok: true, state: sharing.state() };
      case 'sharing:set':
        app.log.info({ shared: request.shared, by: 'desktop' }, 'LAN sharing switched');
        return { type: 'sharing:reply', id, ok: true, state: await sharing.setShared(request.shared) };
      case 'sharing:qr': {
        const state = sharing.state();
        return {
          type: 'sharing:reply',
          id,
          ok: true,
          state,
          qrDataUrl: await qrPngDataUrl(state.preferredUrl),
        };
      }
    }
  } catch (err) {
    const error = err instanceof AppError ? t(err.messageKey, err.params) : (err as Error).message;
    return { type: 'sharing:reply', id, ok: false, error };
  }
}
