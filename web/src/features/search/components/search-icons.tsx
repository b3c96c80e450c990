/** Search glyphs, drawn with the text colour; decorative because every use has a text label. */

import { Icon } from '@/components/ui/icon';

export function SearchIcon() {
  return (
    <Icon className="size-4 shrink-0">
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </Icon>
  );
}

export function ClearIcon() {
  return (
    <Icon className="size-4 shrink-0">
      <path d="M18 6 6 18M6 6l12 12" />
    </Icon>
  );
}
