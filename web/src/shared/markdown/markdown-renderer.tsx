import { memo, useMemo } from 'react';
import ReactMarkdown, { type Options } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { MARKDOWN_COMPONENTS } from './markdown-components';
import { normaliseMathDelimiters } from './math-delimiters';
import { safeUrlTransform } from './safe-url';
import { splitBlocks } from './split-blocks';
import { rehypeStreamingCursor } from './streaming-cursor';
import './markdown.css';

export interface MarkdownProps {
  /** The message text, as markdown. */
  content: string;
  /** While the reply is still arriving: shows a blinking cursor at the end of the text. */
  isStreaming?: boolean;
  className?: string;
}

/*
 * Plugin lists are module constants, so the memoised blocks always see identical props and a
 * conversation of hundreds of messages allocates none per render.
 *
 * `singleTilde: false`: models write "~5 to ~10 minutes", which GFM would strike through;
 * ~~two tildes~~ still do. Raw HTML in a message is shown as text (react-markdown's default
 * without rehype-raw, which must stay out): a model writing <script> is talking about it.
 */
const REMARK_PLUGINS: NonNullable<Options['remarkPlugins']> = [[remarkGfm, { singleTilde: false }], remarkMath];
const REHYPE_PLUGINS_IDLE: NonNullable<Options['rehypePlugins']> = [];
const REHYPE_PLUGINS_STREAMING: NonNullable<Options['rehypePlugins']> = [rehypeStreamingCursor];

/**
 * A model reply rendered from markdown: GFM, math, highlighted code. Memoised on its props, so
 * in a long conversation only the message that changes (the streaming one) re-renders; inside
 * it, the reply is cut into runs of blocks memoised on their text, so a token re-parses only
 * the last run. The runs render straight into one container: the DOM is the same as uncut.
 */
export const MarkdownRenderer = memo(function MarkdownRenderer({
  content,
  isStreaming = false,
  className = '',
}: MarkdownProps) {
  const blocks = useMemo(() => splitBlocks(normaliseMathDelimiters(content)), [content]);
  return (
    <div className={`min-w-0 break-words [&>:first-child]:mt-0 [&>:last-child]:mb-0 ${className}`}>
      {blocks.map((block, index) => (
        // Index keys are stable: a growing reply only changes or adds runs at the end.
        <MarkdownBlock key={index} markdown={block} isStreaming={isStreaming && index === blocks.length - 1} />
      ))}
    </div>
  );
});

const MarkdownBlock = memo(function MarkdownBlock({
  markdown,
  isStreaming,
}: {
  markdown: string;
  isStreaming: boolean;
}) {
  return (
    <ReactMarkdown
      remarkPlugins={REMARK_PLUGINS}
      rehypePlugins={isStreaming ? REHYPE_PLUGINS_STREAMING : REHYPE_PLUGINS_IDLE}
      components={MARKDOWN_COMPONENTS}
      urlTransform={safeUrlTransform}
    >
      {markdown}
    </ReactMarkdown>
  );
});
