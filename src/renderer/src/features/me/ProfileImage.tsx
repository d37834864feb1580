// The profile picture on /me: upload one (PNG, JPEG, GIF or WebP), remove it, or use the Gravatar of
// one's e-mail address. The navbar's avatar follows at once.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getPersonalSettings, removeProfileImage, setGravatar, uploadProfileImage } from '../../api/accounts';
import { Check } from '../../components/Check';
import { useSession } from '../../stores/session';
import { errorMessages, toastError } from '../../stores/toasts';
import { DEFAULT_AVATAR } from '../shell/UserMenu';

const PICTURES = 'image/png,image/jpeg,image/gif,image/webp';

export function ProfileImage({
  imageUrl,
  isGravatarEnabled,
}: {
  imageUrl: string;
  isGravatarEnabled: boolean;
}) {
  const { t } = useTranslation();
  const [image, setImage] = useState({ url: imageUrl, gravatar: isGravatarEnabled });
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  /** Runs a change, then reads the picture back so this card and the navbar show it. */
  const change = async (act: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await act();
      const fresh = await getPersonalSettings();
      setImage({ url: fresh.imageUrlCached, gravatar: fresh.isGravatarEnabled });
      const session = useSession.getState();
      if (session.user) session.setUser({ ...session.user, imageUrlCached: fresh.imageUrlCached });
    } catch (err) {
      toastError(errorMessages(err));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  const uploaded = image.url.startsWith('/attachment/');

  return (
    <div className="profile-avatar">
      <img
        className="avatar avatar-lg"
        src={image.url || DEFAULT_AVATAR}
        alt={t('me_settings.avatar')}
        width={64}
        height={64}
      />
      <div className="profile-avatar-controls">
        <span className="muted">
          {image.gravatar
            ? t('me_settings.avatar_gravatar')
            : uploaded
              ? t('me_settings.avatar_uploaded')
              : t('me_settings.avatar_default')}
        </span>
        <div className="button-row">
          <label className={`btn btn-secondary btn-sm${busy ? ' disabled' : ''}`}>
            {t('me_settings.avatar_upload')}
            <input
              ref={input}
              type="file"
              accept={PICTURES}
              hidden
              disabled={busy}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void change(() => uploadProfileImage(file));
              }}
            />
          </label>
          {uploaded && (
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              disabled={busy}
              onClick={() => void change(removeProfileImage)}
            >
              {t('me_settings.avatar_remove')}
            </button>
          )}
        </div>
        <Check
          label={t('me_settings.avatar_use_gravatar')}
          checked={image.gravatar}
          disabled={busy}
          onChange={(on) => void change(() => setGravatar(on))}
        />
      </div>
    </div>
  );
}
