import { EndpointIcon } from '@/shared/endpoint-icon/endpoint-icon';

/**
 * The small picture beside a message: for a reply, its endpoint's icon (the configured image it
 * carries, else the provider's mark); for the user, the first letter of their name. Decorative:
 * the sender's name is written next to it.
 */
export function MessageAvatar({
  isUser,
  name,
  endpoint,
  iconURL,
}: {
  isUser: boolean;
  name: string;
  /** The endpoint that wrote the reply (a built-in name draws its mark; any other, the generic one). */
  endpoint?: string | null;
  iconURL?: string | null;
}) {
  if (!isUser) return <EndpointIcon type={endpoint} iconURL={iconURL} label={name} decorative className="size-7" />;
  return (
    <span
      aria-hidden="true"
      className="flex size-7 shrink-0 items-center justify-center overflow-hidden rounded-full bg-surface-submit text-xs font-semibold text-white"
    >
      {Array.from(name.trim())[0]?.toUpperCase() ?? '?'}
    </span>
  );
}
