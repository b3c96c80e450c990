/** Bookmark glyphs, drawn with the text colour; decorative because every use has a text label. */

import { type GlyphProps, Icon } from '@/components/ui/icon';

/** Filled when the thing it stands for is bookmarked (LibreChat's BookmarkFilledIcon). */
export function BookmarkIcon({ filled = false, className = 'size-5' }: GlyphProps & { filled?: boolean }) {
  return (
    <Icon
      className={`shrink-0 ${className}`}
      data-glyph="bookmark"
      data-filled={filled || undefined}
      fill={filled ? 'currentColor' : 'none'}
      strokeLinecap="butt"
    >
      <path d="M6 3.5h12a1 1 0 0 1 1 1V21l-7-4.5L5 21V4.5a1 1 0 0 1 1-1z" />
    </Icon>
  );
}

export function PlusIcon() {
  return (
    <Icon className="size-4 shrink-0" strokeLinejoin="miter">
      <path d="M12 5v14M5 12h14" />
    </Icon>
  );
}

export function CheckIcon() {
  return (
    <Icon className="size-4 shrink-0" strokeWidth="2.5">
      <path d="m5 12.5 4.5 4.5L19 7.5" />
    </Icon>
  );
}

export function ClearIcon() {
  return (
    <Icon className="size-4 shrink-0" strokeLinejoin="miter">
      <path d="M18 6 6 18M6 6l12 12" />
    </Icon>
  );
}

export function SettingsIcon() {
  return (
    <Icon className="size-4 shrink-0" strokeLinejoin="miter">
      <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0" />
      <circle cx="16" cy="6" r="2" />
      <circle cx="10" cy="12" r="2" />
      <circle cx="18" cy="18" r="2" />
    </Icon>
  );
}

export function GripIcon() {
  return (
    <Icon className="size-4 shrink-0" fill="currentColor" stroke="none">
      <circle cx="9" cy="6" r="1.6" />
      <circle cx="15" cy="6" r="1.6" />
      <circle cx="9" cy="12" r="1.6" />
      <circle cx="15" cy="12" r="1.6" />
      <circle cx="9" cy="18" r="1.6" />
      <circle cx="15" cy="18" r="1.6" />
    </Icon>
  );
}

export function ArrowIcon({ direction }: { direction: 'up' | 'down' }) {
  return (
    <Icon className="size-4 shrink-0">
      <path d={direction === 'up' ? 'M12 19V5M6 11l6-6 6 6' : 'M12 5v14M6 13l6 6 6-6'} />
    </Icon>
  );
}

export function PencilIcon() {
  return (
    <Icon className="size-4 shrink-0">
      <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L8 18l-4 1 1-4z" />
    </Icon>
  );
}

export function TrashIcon() {
  return (
    <Icon className="size-4 shrink-0">
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </Icon>
  );
}
