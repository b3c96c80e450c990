import { lazy, memo, Suspense } from 'react';
import type { MarkdownProps } from './markdown-renderer';
import { PlainText } from './plain-text';

/*
 * react-markdown, its plugins and the code-block UI are a chunk of their own, fetched when the
 * first reply is drawn (or earlier, through preloadMarkdown: a saved conversation opening, the
 * user typing), so a new chat's first load stays small. Highlighting grammars and KaTeX are
 * further chunks, fetched on first use.
 */

let rendererModule: Promise<typeof import('./markdown-renderer')> | null = null;
const loadRenderer = () => (rendererModule ??= import('./markdown-renderer'));

/** Starts fetching the renderer ahead of the first message (e.g. when the chat route mounts). */
export function preloadMarkdown(): void {
  void loadRenderer().catch(() => {
    // Forget a failed preload, so the first render fetches again instead of reusing the failure.
    rendererModule = null;
  });
}

const LazyRenderer = lazy(() => loadRenderer().then((module) => ({ default: module.MarkdownRenderer })));

/**
 * A model reply as markdown. Until the renderer's chunk has arrived, the text shows as typed,
 * so nothing waits on the download.
 */
export const Markdown = memo(function Markdown(props: MarkdownProps) {
  return (
    <Suspense fallback={<PlainText text={props.content} className={props.className} />}>
      <LazyRenderer {...props} />
    </Suspense>
  );
});
