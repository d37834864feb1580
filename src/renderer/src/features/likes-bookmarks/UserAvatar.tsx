// A user's avatar: the default picture (SPEC §2 /images/icons/user.svg) titled with the name.
import type { UserSummary } from '../../../../shared/api-types';

export function UserAvatar({ user, size = 24 }: { user: UserSummary | null; size?: number }) {
  const name = user ? `${user.name} (@${user.username})` : '';
  return (
    <img
      className="user-avatar"
      src="/images/icons/user.svg"
      width={size}
      height={size}
      alt={user ? user.name : ''}
      title={name || undefined}
    />
  );
}
