import { setOnAuthFailure } from '@/lib/api/auth-failure';
import { paths } from '@/config/paths';
import type { AppRouter } from './router';

/**
 * When the session cannot be renewed, go to /login; shared-link views (any path containing
 * `share/`) stay where they are, since they are public (spec §2, §4).
 */
export function redirectToLoginOnAuthFailure(router: AppRouter): () => void {
  return setOnAuthFailure(() => {
    const { pathname } = router.state.location;
    if (pathname.includes('share/') || pathname === paths.auth.login.path) return;
    void router.navigate(paths.auth.login.getHref(), { replace: true });
  });
}
