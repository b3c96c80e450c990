import { useState } from 'react';

interface AgentAvatarProps {
  name: string;
  avatarUrl: string | undefined;
  /** Tailwind size and text-size classes (the default suits a picker row). */
  className?: string;
}

/**
 * An agent's picture, or its initial in a circle when it has none (or the image fails). Decorative:
 * the agent's name is always written next to it.
 */
export function AgentAvatar({ name, avatarUrl, className = 'size-5 text-xs' }: AgentAvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (avatarUrl && avatarUrl !== failedSrc) {
    return (
      <img
        src={avatarUrl}
        alt=""
        className={`shrink-0 rounded-full object-cover ${className}`}
        onError={() => setFailedSrc(avatarUrl)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full border border-border-medium bg-surface-secondary font-medium uppercase text-text-secondary ${className}`}
    >
      {name.trim().charAt(0) || '?'}
    </span>
  );
}
