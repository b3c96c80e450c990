import { type GlyphProps, Icon } from '@/components/ui/icon';

/** The composer's icons (24×24, currentColor); decorative, the buttons carry the labels. */
export function SendIcon({ className = 'size-5' }: GlyphProps) {
  return (
    <Icon className={className}>
      <path d="M12 19V5M5 12l7-7 7 7" />
    </Icon>
  );
}

export function StopIcon({ className = 'size-4' }: GlyphProps) {
  return (
    <Icon className={className}>
      <rect x="5" y="5" width="14" height="14" rx="2" fill="currentColor" />
    </Icon>
  );
}

export function ExpandIcon({ className = 'size-4' }: GlyphProps) {
  return (
    <Icon className={className}>
      <path d="M15 3h6v6M9 21H3v-6M21 3l-7 7M3 21l7-7" />
    </Icon>
  );
}

export function CollapseIcon({ className = 'size-4' }: GlyphProps) {
  return (
    <Icon className={className}>
      <path d="M4 14h6v6M20 10h-6V4M14 10l7-7M3 21l7-7" />
    </Icon>
  );
}
