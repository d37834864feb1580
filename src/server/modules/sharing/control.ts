// The desktop's control channel (issue 16): its main process asks the server child for the sharing
// state, switches sharing and gets the QR code, over Node IPC or Electron's parentPort — never over
// HTTP, so the desktop's owner needs no admin session and nothing on the network can ask.
import type { QuireServer } from '../../app';
import { AppError } from '../../lib/app-error';
import { translator } from '../../lib/i18n';
import {
  isSharingControlRequest,
  type SharingControlReply,
  type SharingControlRequest,
} from '../../../shared/sharing';
import { qrPngDataUrl } from './qr';

/** The reply to one control request; errors are English (the desktop shows its own wording). */
export async function answerControlRequest(
  app: QuireServer | undefined,
  request: SharingControlRequest,
): Promise<SharingControlReply> {
  const { id } = request;
  try {
    if (!app) throw new Error('the server is restarting');
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
    const t = translator('en_US');
    const error = err instanceof AppError ? t(err.messageKey, err.params) : (err as Error).message;
    return { type: 'sharing:reply', id, ok: false, error };
  }
}

export { isSharingControlRequest };
