/** Export glyphs, drawn with the text colour; decorative because every use has a text label. */

import { Icon } from '@/components/ui/icon';

export function ExportShareIcon() {
  return (
    <Icon className="size-5 shrink-0">
      <path d="M12 3v12" />
      <path d="m7 8 5-5 5 5" />
      <path d="M5 13v5.5A2.5 2.5 0 0 0 7.5 21h9a2.5 2.5 0 0 0 2.5-2.5V13" />
    </Icon>
  );
}

export function DownloadIcon() {
  return (
    <Icon className="size-4 shrink-0">
      <path d="M12 4v11" />
      <path d="m7 10 5 5 5-5" />
      <path d="M5 20h14" />
    </Icon>
  );
}

export function LinkIcon() {
  return (
    <Icon className="size-4 shrink-0">
      <path d="M10 14a4.5 4.5 0 0 0 6.4 0l3-3a4.5 4.5 0 0 0-6.4-6.4l-1 1" />
      <path d="M14 10a4.5 4.5 0 0 0-6.4 0l-3 3a4.5 4.5 0 0 0 6.4 6.4l1-1" />
    </Icon>
  );
}
