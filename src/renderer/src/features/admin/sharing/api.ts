// The Sharing screen's calls (issue 16): administrators only, like the screen.
import type { SharingState } from '../../../../../shared/sharing';
import { api } from '../../../api/client';

export async function getSharing(): Promise<SharingState> {
  return (await api.get<{ sharing: SharingState }>('/_api/v3/sharing')).sharing;
}

/** `confirmed`: the admin agreed to the explanation (the server insists when turning it on). */
export async function setSharing(shared: boolean, confirmed: boolean): Promise<SharingState> {
  return (await api.put<{ sharing: SharingState }>('/_api/v3/sharing', { shared, confirmed })).sharing;
}

/** The QR code of the preferred address; the address in the query makes a new one load when it changes. */
export function qrCodeUrl(preferredUrl: string): string {
  return `/_api/v3/sharing/qr.svg?for=${encodeURIComponent(preferredUrl)}`;
}
