import { useEffect, useRef } from 'react';

/** The HTML Sanitizer API's `setHTML` (safe by default), where the browser has it. */
type SanitizingElement = Element & { setHTML: (html: string) => void };
const canSanitize = (element: Element): element is SanitizingElement =>
  typeof (element as Partial<SanitizingElement>).setHTML === 'function';

/**
 * Renders HTML written by an admin (banner, terms) with scripts, event handlers and
 * `javascript:` URLs removed: by the browser's own sanitizer (`Element.setHTML`) where it
 * exists, otherwise by DOMPurify, loaded on first use so the login page does not carry it.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    if (canSanitize(element)) {
      element.setHTML(html);
      return;
    }
    element.replaceChildren();
    let current = true;
    void import('dompurify').then(({ default: DOMPurify }) => {
      if (current) element.innerHTML = DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
    });
    return () => {
      current = false;
    };
  }, [html]);

  // React renders no children here: the effect owns this element's content.
  return <div ref={container} className={className} />;
}
