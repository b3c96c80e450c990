/** Decorative icons of the setup bar; the controls carry the accessible text. */

import { type GlyphProps, Icon } from '@/components/ui/icon';

export function KeyIcon({ className = 'size-4' }: GlyphProps) {
  return (
    <Icon className={className}>
      <circle cx="7.5" cy="15.5" r="4.5" />
      <path d="m10.7 12.3 8.8-8.8M17 6l3 3M14.5 8.5l2 2" />
    </Icon>
  );
}

export function SlidersIcon({ className = 'size-4' }: GlyphProps) {
  return (
    <Icon className={className} data-glyph="sliders">
      <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0" />
      <circle cx="16" cy="6" r="2" />
      <circle cx="10" cy="12" r="2" />
      <circle cx="18" cy="18" r="2" />
    </Icon>
  );
}

export function GhostIcon({ className = 'size-4' }: GlyphProps) {
  return (
    <Icon className={className}>
      <path d="M6 20V10a6 6 0 0 1 12 0v10l-2-1.5-2 1.5-2-1.5-2 1.5-2-1.5z" />
      <path d="M10 10h.01M14 10h.01" />
    </Icon>
  );
}
