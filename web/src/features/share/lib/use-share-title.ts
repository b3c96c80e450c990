import { useEffect } from 'react';

/**
 * The browser title is the conversation's title plus the app's, as the server
 * already wrote it. Set after the current effects have run: the root layout writes the bare
 * app title in its own effect, which React runs after ours (parents after children).
 */
export function useShareTitle(title: string | undefined, appTitle: string | undefined) {
  useEffect(() => {
    if (!title) return;
    const timer = window.setTimeout(() => {
      document.title = appTitle ? `${title} | ${appTitle}` : title;
    }, 0);
    return () => window.clearTimeout(timer);
  }, [title, appTitle]);
}
