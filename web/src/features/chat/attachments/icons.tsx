import { type GlyphProps, Icon } from '@/components/ui/icon';

/** Attachment icons (24×24, currentColor); decorative, the buttons carry the labels. */
export function PaperclipIcon({ className = 'size-5' }: GlyphProps) {
  return (
    <Icon className={className}>
      <path d="m21 11-8.6 8.6a5 5 0 0 1-7-7l8.5-8.6a3.3 3.3 0 0 1 4.7 4.7l-8.6 8.6a1.7 1.7 0 0 1-2.3-2.3l7.9-7.9" />
    </Icon>
  );
}

export function CloseIcon({ className = 'size-3' }: GlyphProps) {
  return (
    <Icon className={className}>
      <path d="M18 6 6 18M6 6l12 12" />
    </Icon>
  );
}

export function DocumentIcon({ className = 'size-6' }: GlyphProps) {
  return (
    <Icon className={className}>
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
      <path d="M14 3v5h5" />
    </Icon>
  );
}

export function ImageIcon({ className = 'size-5' }: GlyphProps) {
  return (
    <Icon className={className}>
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <circle cx="9" cy="9" r="2" />
      <path d="m21 15-3.1-3.1a2 2 0 0 0-2.8 0L6 21" />
    </Icon>
  );
}
