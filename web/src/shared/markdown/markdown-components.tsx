import { type ComponentProps, createElement } from 'react';
import type { Components, ExtraProps } from 'react-markdown';
import { TEXT_LINK_CLASSES } from '@/components/ui/text-link';
import { CodeBlock } from './code-block';
import { hastClasses, hastText } from './hast-text';
import { MathFormula } from './math-formula';
import { safeUrl } from './safe-url';

/*
 * How each markdown element looks in a message: a compact "prose" style of our own, in the
 * app's tokens, so light and dark follow the theme. One module-level object, so react-markdown
 * gets the same `components` on every render.
 */

type Props<Tag extends keyof React.JSX.IntrinsicElements> = ComponentProps<Tag> & ExtraProps;

/** A fenced code block (or ```math / $$ display math): handed whole to its own memoised component. */
function Pre({ node, children, ...props }: Props<'pre'>) {
  const code = node?.children.find((child) => child.type === 'element' && child.tagName === 'code');
  if (code?.type !== 'element') return <pre {...props}>{children}</pre>;
  // remark-rehype ends a code block's text with a newline that is not part of the code.
  const text = hastText(code).replace(/\n$/, '');
  const classes = hastClasses(code);
  if (classes.includes('language-math')) return <MathFormula tex={text} display />;
  const language = classes.find((name) => name.startsWith('language-'))?.slice('language-'.length);
  return <CodeBlock language={language} code={text} />;
}

/** Inline code, or $inline math$ (remark-math marks it as code with a language-math class). */
function Code({ node, children, className: _className, ...props }: Props<'code'>) {
  if (node && hastClasses(node).includes('language-math')) return <MathFormula tex={hastText(node)} display={false} />;
  return (
    <code
      {...props}
      className="rounded-md border border-border-light bg-surface-secondary px-1.5 py-0.5 font-mono text-[0.875em] break-words"
    >
      {children}
    </code>
  );
}

/**
 * Links open in a new tab without handing this page to the target. Only http(s) and mailto
 * become links (the urlTransform already drops the rest; re-checked here so this component is
 * safe on its own); anything else is left as its text.
 */
function Link({ node: _node, href, children, ...props }: Props<'a'>) {
  const safeHref = href ? safeUrl(href) : null;
  if (!safeHref) return <span>{children}</span>;
  return (
    <a
      {...props}
      href={safeHref}
      target="_blank"
      rel="noopener noreferrer"
      className={`${TEXT_LINK_CLASSES} underline`}
    >
      {children}
    </a>
  );
}

/**
 * Images load lazily, never wider than the message, and without a Referer (a model-written
 * image URL should learn as little as possible about where it is shown).
 */
function Image({ node: _node, src, alt, title }: Props<'img'>) {
  if (typeof src !== 'string' || !src) return alt ? <span>{alt}</span> : null;
  return (
    <img
      src={src}
      alt={alt ?? ''}
      title={title}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      className="my-2 inline-block h-auto max-w-full rounded-lg"
    />
  );
}

/** Wide tables scroll sideways inside the message; focusable so the keyboard can scroll too. */
function Table({ node: _node, children, ...props }: Props<'table'>) {
  return (
    <div
      tabIndex={0}
      className="my-4 max-w-full overflow-x-auto rounded-lg border border-border-light focus-visible:outline-2 focus-visible:outline-ring-primary"
    >
      <table {...props} className="w-full border-collapse text-sm">
        {children}
      </table>
    </div>
  );
}

/** GFM task lists (`- [x] done`) drop the bullets: the checkbox is the marker. */
function List({ node: _node, className, ...props }: Props<'ul'>) {
  const taskList = className?.includes('contains-task-list');
  return <ul {...props} className={`my-3 space-y-1 ${taskList ? 'list-none ps-1' : 'list-disc ps-6'}`} />;
}

function Checkbox({ node: _node, ...props }: Props<'input'>) {
  return <input {...props} disabled className="me-2 size-3.5 align-middle accent-ring-primary" />;
}

/**
 * An element with our classes added to any it already has (remark's own, e.g. the `sr-only`
 * on the footnotes heading, must survive).
 */
function styled<Tag extends keyof React.JSX.IntrinsicElements>(tag: Tag, classes: string) {
  function Styled({ node: _node, className, ...props }: Props<Tag> & { className?: string }) {
    return createElement(tag, { ...props, className: className ? `${classes} ${className}` : classes });
  }
  Styled.displayName = `Markdown(${tag})`;
  return Styled;
}

// Text sizes and line heights are relative to the message's own size, so the chat's font-size
// setting scales headings and spacing along with the text (16 px gives the usual 24/20/18 px).
export const MARKDOWN_COMPONENTS: Components = {
  pre: Pre,
  code: Code,
  a: Link,
  img: Image,
  table: Table,
  ul: List,
  input: Checkbox,
  p: styled('p', 'my-3 leading-[1.75]'),
  ol: styled('ol', 'my-3 list-decimal space-y-1 ps-6'),
  li: styled('li', 'leading-[1.75] marker:text-text-secondary [&>ol]:my-1 [&>p]:my-1 [&>ul]:my-1'),
  blockquote: styled('blockquote', 'my-4 border-s-4 border-border-medium ps-4 text-text-secondary'),
  h1: styled('h1', 'mt-6 mb-3 text-[1.5em] leading-[1.33] font-semibold'),
  h2: styled('h2', 'mt-6 mb-3 text-[1.25em] leading-[1.4] font-semibold'),
  h3: styled('h3', 'mt-5 mb-2 text-[1.125em] leading-[1.55] font-semibold'),
  h4: styled('h4', 'mt-4 mb-2 text-[1em] leading-normal font-semibold'),
  h5: styled('h5', 'mt-4 mb-2 text-[1em] leading-normal font-semibold'),
  h6: styled('h6', 'mt-4 mb-2 text-[1em] leading-normal font-semibold text-text-secondary'),
  th: styled('th', 'border-b border-border-medium bg-surface-secondary px-3 py-2 text-start font-semibold'),
  td: styled('td', 'border-t border-border-light px-3 py-2 align-top'),
  hr: styled('hr', 'my-6 border-border-medium'),
  strong: styled('strong', 'font-semibold'),
};
