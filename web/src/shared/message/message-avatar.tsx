import { safeImageUrl } from './content/content-parts';
import { SparkleIcon } from './icons';

/**
 * The small round picture beside a message: the model's icon when the reply carries one, the
 * first letter of the user's name otherwise. Decorative: the sender's name is written next to it.
 */
export function MessageAvatar({ isUser, name, iconURL }: { isUser: boolean; name: string; iconURL?: string | null }) {
  const base = 'flex size-7 shrink-0 items-center justify-center overflow-hidden rounded-full text-xs font-semibold';
  const icon = isUser ? null : safeImageUrl(iconURL ?? null);
  if (icon) return <img src={icon} alt="" aria-hidden="true" className={`${base} object-cover`} />;
  if (isUser) {
    return (
      <span aria-hidden="true" className={`${base} bg-surface-submit text-white`}>
        {Array.from(name.trim())[0]?.toUpperCase() ?? '?'}
      </span>
    );
  }
  return (
    <span aria-hidden="true" className={`${base} border border-border-medium bg-surface-primary text-text-primary`}>
      <SparkleIcon />
    </span>
  );
}
