import { memo, useEffect, useMemo } from 'react';
import { useMathRenderer, loadMath } from './math-loader';

/**
 * One formula. Memoised on its source, so a streaming reply does not re-typeset the formulas
 * it already has on every token. Until KaTeX is loaded (mounting a formula is what loads it)
 * the TeX source is shown, so nothing waits on the download.
 */
export const MathFormula = memo(function MathFormula({ tex, display }: { tex: string; display: boolean }) {
  const render = useMathRenderer();
  const html = useMemo(() => (render ? render(tex, display) : null), [render, tex, display]);

  useEffect(() => {
    if (!render) void loadMath();
  }, [render]);

  if (html === null) {
    return display ? (
      <div className="my-4 overflow-x-auto font-mono text-sm whitespace-pre-wrap text-text-secondary">{tex}</div>
    ) : (
      <code className="font-mono text-[0.9em] text-text-secondary">{tex}</code>
    );
  }
  // The HTML is KaTeX's, sanitised by DOMPurify in katex-render.ts.
  return display ? (
    <div className="my-4 overflow-x-auto overflow-y-hidden py-1" dangerouslySetInnerHTML={{ __html: html }} />
  ) : (
    <span dangerouslySetInnerHTML={{ __html: html }} />
  );
});
