import type { ReactNode } from 'react';
import { type GlyphProps, Icon } from '@/components/ui/icon';
import type { FileKind } from '../lib/file-list';

/** A page with a folded corner: every file kind starts from it. */
const PAGE = (
  <>
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
    <path d="M14 3v5h5" />
  </>
);

const MARKS: Record<FileKind, ReactNode> = {
  image: <path d="m8 17 3-3 2 2 3-3" />,
  pdf: <path d="M9 13h6M9 17h4" />,
  text: <path d="M9 12h6M9 15h6M9 18h4" />,
  audio: <path d="M10 18v-5l5-1.5V16M10 18a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0M15 16a1.5 1.5 0 1 1-3 0" />,
  video: <path d="m10 12 4 2.5-4 2.5z" />,
  other: null,
};

/** The icon of a file kind, for rows without a thumbnail. */
export function FileKindIcon({ kind, className = 'size-5' }: GlyphProps & { kind: FileKind }) {
  return (
    <Icon className={className}>
      {PAGE}
      {MARKS[kind]}
    </Icon>
  );
}

export function DownloadIcon({ className = 'size-4' }: GlyphProps) {
  return (
    <Icon className={className}>
      <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
    </Icon>
  );
}

export function TrashIcon({ className = 'size-4' }: GlyphProps) {
  return (
    <Icon className={className}>
      <path d="M3 6h18M8 6V4h8v2M6 6l1 14h10l1-14" />
    </Icon>
  );
}
