import { useMemo } from 'react';
import { snippetParts } from '../lib/snippet-parts';

/**
 * A hit's snippet with its matched terms in <mark>. Every run is a React text node: the
 * message is the user's own content and is never parsed as HTML.
 */
export function HighlightedSnippet({ snippet }: { snippet: string }) {
  const parts = useMemo(() => snippetParts(snippet), [snippet]);
  return (
    <>
      {parts.map((part, index) =>
        part.marked ? (
          <mark
            key={index}
            className="rounded-sm bg-amber-200 px-0.5 text-gray-950 dark:bg-amber-400/30 dark:text-amber-50"
          >
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
