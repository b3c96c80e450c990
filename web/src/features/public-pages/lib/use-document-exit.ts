import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { PUBLIC_PAGE_SLUGS, publicPagePath } from '@contract/public-page-slugs';

const PUBLIC_PATHS = new Set<string>(PUBLIC_PAGE_SLUGS.map(publicPagePath));

/**
 * Leaves the public pages for the rest of the app with a full page load when `active` (the
 * document was served as a public page, under its strict CSP): the chat then gets its own
 * document and policy. Moves between the public pages stay in the app.
 */
export function useDocumentExit(active: boolean) {
  const blocker = useBlocker(({ nextLocation }) => active && !PUBLIC_PATHS.has(nextLocation.pathname));
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const { pathname, search, hash } = blocker.location;
    blocker.reset();
    window.location.assign(`${pathname}${search}${hash}`);
  }, [blocker]);
}
