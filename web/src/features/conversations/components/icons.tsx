/** Sidebar glyphs, drawn with the text colour; decorative because every use has a text label. */

import { Icon } from '@/components/ui/icon';

export function SidebarIcon() {
  return (
    <Icon className="size-5 shrink-0">
      <rect x="3" y="4" width="18" height="16" rx="2.5" />
      <path d="M9 4v16" />
    </Icon>
  );
}

export function MoreIcon() {
  return (
    <Icon className="size-4 shrink-0" fill="currentColor" stroke="none">
      <circle cx="5" cy="12" r="1.8" />
      <circle cx="12" cy="12" r="1.8" />
      <circle cx="19" cy="12" r="1.8" />
    </Icon>
  );
}
