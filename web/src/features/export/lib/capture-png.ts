import { isCapturedNode } from './capture-filter';

/**
 * A PNG of `node` as a Blob. html-to-image is loaded on first use, so the app pays nothing for
 * it until someone exports a screenshot.
 */
export async function capturePng(node: HTMLElement, backgroundColor: string): Promise<Blob> {
  const { toBlob } = await import('html-to-image');
  // Web fonts must be ready, or the text is drawn in a fallback font.
  await document.fonts.ready;
  const blob = await toBlob(node, {
    backgroundColor,
    // Sharp on high-density screens without making huge files on ordinary ones.
    pixelRatio: Math.min(window.devicePixelRatio || 1, 2),
    cacheBust: true,
    filter: isCapturedNode,
  });
  if (!blob) throw new Error('The screenshot could not be drawn.');
  return blob;
}
