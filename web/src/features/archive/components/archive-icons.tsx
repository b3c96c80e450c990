import { type GlyphProps, Icon } from '@/components/ui/icon';

/** A box with an arrow out of it: take the chat out of the archive. */
export function UnarchiveIcon({ className = 'size-4' }: GlyphProps) {
  return (
    <Icon className={className}>
      <rect x="3" y="4" width="18" height="4" rx="1" />
      <path d="M5 8v11a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8M12 17v-6M9.5 13.5 12 11l2.5 2.5" />
    </Icon>
  );
}

export function TrashIcon({ className = 'size-4' }: GlyphProps) {
  return (
    <Icon className={className}>
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1l1-12M9 7V4h6v3" />
    </Icon>
  );
}

/** Up and down arrows; the one in use is drawn solid. */
export function SortIcon({ direction }: { direction: 'asc' | 'desc' | null }) {
  return (
    <Icon className="size-3.5">
      <path d="m7 9 5-5 5 5" opacity={direction === 'asc' ? 1 : 0.35} />
      <path d="m7 15 5 5 5-5" opacity={direction === 'desc' ? 1 : 0.35} />
    </Icon>
  );
}
