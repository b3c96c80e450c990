import { useLayoutEffect } from 'react';

/**
 * The element holding the Worker's rendering of a public page, beside a #root hidden by CSS
 * while it exists (worker/services/public-pages/page-style.ts).
 */
export const SSR_HOST_ID = 'public-page-ssr';

/**
 * Removes the server's rendering once the SPA's page has something to show, in the commit
 * that draws it (before paint), so the two swap in one frame: no spinner, no blank page.
 */
export function useSsrTakeover(ready: boolean, doc: Document = document) {
  useLayoutEffect(() => {
    if (ready) doc.getElementById(SSR_HOST_ID)?.remove();
  }, [ready, doc]);
}
