// A sign-in mechanism's on/off switch on /admin/security: `PUT /security-setting/authentication/
// enabled`, then the toast; a refusal (the last way in for an admin) shows as an error and leaves
// the switch as it was.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthId } from '../../../../shared/sign-in-types';
import { setAuthEnabled } from '../../api/sign-in';
import { errorMessages, toastError, toastSuccess } from '../../stores/toasts';

export function useAuthToggle(
  authId: AuthId,
  initial: boolean,
  label: string,
): [boolean, (on: boolean) => Promise<void>] {
  const { t } = useTranslation();
  const [enabled, setEnabled] = useState(initial);
  const toggle = async (isEnabled: boolean) => {
    try {
      await setAuthEnabled(authId, isEnabled);
      setEnabled(isEnabled);
      toastSuccess(t('toast.update_succeeded', { target: label }));
    } catch (err) {
      toastError(errorMessages(err));
    }
  };
  return [enabled, toggle];
}
