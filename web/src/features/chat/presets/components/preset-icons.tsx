/** Decorative icons of the presets menu and dialogs; the controls carry the accessible text. */

import { type GlyphProps, Icon } from '@/components/ui/icon';

/**
 * Presets are saved model settings, so their menu shows sliders (settings), not a bookmark: the
 * bookmark glyph already stands for conversation tags next to it in the header.
 */
export function SlidersIcon({ className = 'size-4' }: GlyphProps) {
  return (
    <Icon className={className} data-glyph="sliders">
      <path d="M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1" />
      <circle cx="15" cy="6" r="2" />
      <circle cx="9" cy="12" r="2" />
      <circle cx="17" cy="18" r="2" />
    </Icon>
  );
}

export function StarIcon({ className = 'size-4', filled = false }: GlyphProps & { filled?: boolean }) {
  return (
    <Icon className={className} fill={filled ? 'currentColor' : 'none'}>
      <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9z" />
    </Icon>
  );
}

export function PlusIcon({ className = 'size-4' }: GlyphProps) {
  return (
    <Icon className={className}>
      <path d="M12 5v14M5 12h14" />
    </Icon>
  );
}

export function PencilIcon({ className = 'size-4' }: GlyphProps) {
  return (
    <Icon className={className}>
      <path d="M4 20h4L19 9l-4-4L4 16z" />
      <path d="m13.5 6.5 4 4" />
    </Icon>
  );
}

export function TrashIcon({ className = 'size-4' }: GlyphProps) {
  return (
    <Icon className={className}>
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </Icon>
  );
}
