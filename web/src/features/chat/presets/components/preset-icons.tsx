/** Decorative icons of the presets menu and dialogs; the controls carry the accessible text. */

import { type GlyphProps, Icon } from '@/components/ui/icon';

/**
 * Presets are saved setups, so their menu shows a stack of cards: the bookmark glyph next to it
 * stands for conversation tags, and the sliders for the current chat's parameters.
 */
export function PresetStackIcon({ className = 'size-4' }: GlyphProps) {
  return (
    <Icon className={className} data-glyph="preset-stack">
      <rect x="4" y="9" width="16" height="11" rx="2" />
      <path d="M6 6h12M8 3h8" />
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
