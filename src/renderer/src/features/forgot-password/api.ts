// The forgotten-password calls (SPEC §7): asking for a link, checking it, setting a new password.
import { api } from '../../api/client';

/** Always answers alike, whether the address belongs to someone or not. */
export const requestPasswordReset = (email: string) =>
  api.post<object>('/_api/v3/forgot-password', { email });

export const isResetLinkOpen = async (token: string) =>
  (await api.post<{ isOpen: boolean }>('/_api/v3/forgot-password/check', { token })).isOpen;

export const resetPassword = (token: string, values: { newPassword: string; newPasswordConfirm: string }) =>
  api.put<object>('/_api/v3/forgot-password', { token, ...values });
