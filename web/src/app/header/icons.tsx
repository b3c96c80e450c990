/** Header glyphs, drawn with the text colour; decorative because every use has a text label. */

import { Icon } from '@/components/ui/icon';

export function HomeIcon() {
  return (
    <Icon className="size-5 shrink-0">
      <path d="M3 10.5 12 3l9 7.5" />
      <path d="M5.5 9v11h13V9" />
      <path d="M10 20v-5.5h4V20" />
    </Icon>
  );
}

export function NewChatIcon() {
  return (
    <Icon className="size-5 shrink-0">
      <path d="M11 4H6.5A2.5 2.5 0 0 0 4 6.5v11A2.5 2.5 0 0 0 6.5 20h11a2.5 2.5 0 0 0 2.5-2.5V13" />
      <path d="M17.6 3.4a2 2 0 0 1 2.9 2.9L12 14.8l-3.8.9.9-3.8z" />
    </Icon>
  );
}
