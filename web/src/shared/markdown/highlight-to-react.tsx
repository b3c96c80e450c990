import type { ReactNode } from 'react';

/*
 * highlight.js produces an HTML string. Rather than trusting it with innerHTML, this reads
 * back only the two shapes it emits (escaped text, and <span class="…"> wrappers) and builds
 * React elements; anything else in the string is shown as text, so code can never become
 * markup even if a grammar misbehaved.
 */

const TOKEN = /<span class="([\w -]+)">|<\/span>|[^<]+|</g;
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
};
const decode = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (entity) => ENTITIES[entity] ?? entity);

interface Frame {
  className: string | null;
  children: ReactNode[];
}

export function highlightToReact(html: string): ReactNode[] {
  const root: Frame = { className: null, children: [] };
  const stack: Frame[] = [root];
  let key = 0;
  const current = () => stack[stack.length - 1] ?? root;

  for (const [token, className] of html.matchAll(TOKEN)) {
    if (className !== undefined) {
      stack.push({ className, children: [] });
    } else if (token === '</span>' && stack.length > 1) {
      const frame = stack.pop() ?? root;
      current().children.push(
        <span key={key++} className={frame.className ?? undefined}>
          {frame.children}
        </span>,
      );
    } else {
      // Text, and anything unexpected (a stray closer, a tag that is not a plain span) as text.
      current().children.push(decode(token));
    }
  }
  // Unclosed spans (not produced by highlight.js, but cheap to tolerate) keep their text.
  while (stack.length > 1) {
    const frame = stack.pop();
    if (frame) current().children.push(...frame.children);
  }
  return root.children;
}
