import { useCurrentUser } from '@/shared/auth/api/get-current-user';
import { usePermission } from '@/shared/config/api/get-role';
import { useStartupConfig } from '@/shared/config/api/get-startup-config';

/**
 * Whether the signed-in user gets bookmarks: their role grants BOOKMARKS USE (the API refuses
 * the rest with 403) and the config's `interface.bookmarks` toggle is not off (on by default).
 * False while either is loading, so no bookmark control flashes up and vanishes.
 */
export function useBookmarksEnabled(): boolean {
  const canUse = usePermission('BOOKMARKS', 'USE');
  const { data: config } = useStartupConfig();
  const { data: user } = useCurrentUser();
  return canUse && !!user && config !== undefined && config.interface.bookmarks !== false;
}
