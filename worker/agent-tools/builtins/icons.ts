/**
 * The built-in tools' icons as inline SVG data URLs (LibreChat's `icon` is a URL): simple line
 * glyphs of our own, so the tools list needs no static files and no request per icon.
 */

const GLYPHS = {
  calculator:
    '<rect x="5" y="3" width="14" height="18" rx="2"/><path d="M8 7h8M8 11h.01M12 11h.01M16 11h.01M8 15h.01M12 15h.01M16 15v3M8 18h4"/>',
  search: '<circle cx="11" cy="11" r="6"/><path d="m20 20-4.5-4.5"/>',
  globe:
    '<circle cx="12" cy="12" r="9"/><path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z"/>',
  image: '<rect x="3" y="4" width="18" height="16" rx="2"/><circle cx="9" cy="10" r="2"/><path d="m21 16-5-5-9 9"/>',
} as const;

export function toolIcon(glyph: keyof typeof GLYPHS): string {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="#6b7280" ' +
    `stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">${GLYPHS[glyph]}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
