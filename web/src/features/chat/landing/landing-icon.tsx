import { useState } from 'react';
import { EndpointIcon } from '@/shared/endpoint-icon/endpoint-icon';

type LandingIconProps = {
  /** The agent's or assistant's avatar; without one, the endpoint's icon shows. */
  avatarUrl?: string;
  /** The endpoint a new message goes to: its type and configured icon. */
  endpoint?: { type?: string | null; iconURL?: string | null };
  /** What the picture stands for; empty when the text next to it already says it. */
  alt: string;
};

/**
 * The round picture above the landing greeting: the agent's avatar, else the same icon the
 * endpoint has in the pickers and on its replies (which falls back to the provider's mark when
 * its image is missing or broken).
 */
export function LandingIcon({ avatarUrl, endpoint, alt }: LandingIconProps) {
  // Which URL failed, so a new avatar (another agent) is tried afresh.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showAvatar = avatarUrl !== undefined && avatarUrl !== '' && avatarUrl !== failedSrc;
  return (
    <div className="flex size-12 items-center justify-center overflow-hidden rounded-full border border-border-light bg-surface-primary text-text-primary shadow-sm">
      {showAvatar ? (
        <img src={avatarUrl} alt={alt} className="size-full object-cover" onError={() => setFailedSrc(avatarUrl)} />
      ) : (
        <EndpointIcon
          type={endpoint?.type}
          iconURL={endpoint?.iconURL}
          label={alt}
          decorative={!alt}
          className="size-7"
        />
      )}
    </div>
  );
}
