import { useState } from 'react';
import type { PublicUser } from '@contract/auth';

type UserAvatarProps = {
  user: Pick<PublicUser, 'name' | 'username' | 'email' | 'avatar'>;
  className?: string;
};

/** Up to two letters from the name, else from the username or email. */
export function initialsOf(user: Pick<PublicUser, 'name' | 'username' | 'email'>): string {
  const words = user.name.trim().split(/\s+/).filter(Boolean);
  if (words.length > 0)
    return words
      .slice(0, 2)
      .map((word) => word[0] ?? '')
      .join('')
      .toUpperCase();
  return (user.username.trim()[0] ?? user.email.trim()[0] ?? '?').toUpperCase();
}

/** The user's picture, or their initials when they have none (or it fails to load). */
export function UserAvatar({ user, className = 'size-8 text-xs' }: UserAvatarProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showPicture = user.avatar && user.avatar !== failedUrl;
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-ring-primary/15 font-semibold text-text-link ${className}`}
    >
      {showPicture ? (
        <img
          src={user.avatar ?? undefined}
          alt=""
          className="size-full object-cover"
          onError={() => setFailedUrl(user.avatar)}
        />
      ) : (
        // Drawn by CSS, not text: a button showing the avatar is named by its label alone (WCAG 2.5.3).
        <span data-initials={initialsOf(user)} className="before:content-[attr(data-initials)]" />
      )}
    </span>
  );
}
