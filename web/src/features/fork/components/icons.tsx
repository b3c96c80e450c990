/** Fork glyphs, drawn with the text colour; decorative because every use has a text label. */

import { type GlyphProps, Icon } from '@/components/ui/icon';

export function ForkIcon({ className = 'size-4' }: GlyphProps) {
  return (
    <Icon className={`${className} shrink-0`}>
      <circle cx="6" cy="5" r="2" />
      <circle cx="18" cy="5" r="2" />
      <circle cx="12" cy="19" r="2" />
      <path d="M6 7v1a4 4 0 0 0 4 4h4a4 4 0 0 0 4-4V7" />
      <path d="M12 12v5" />
    </Icon>
  );
}

/** Direct path: one line from top to bottom. */
export function VisiblePathIcon() {
  return (
    <Icon className="size-5 shrink-0" strokeLinejoin="miter">
      <circle cx="12" cy="4" r="1.5" />
      <circle cx="12" cy="12" r="1.5" />
      <circle cx="12" cy="20" r="1.5" />
      <path d="M12 5.5v5M12 13.5v5" />
    </Icon>
  );
}

/** Related branches: the path with a side version at each step. */
export function BranchesIcon() {
  return (
    <Icon className="size-5 shrink-0" strokeLinejoin="miter">
      <circle cx="8" cy="4" r="1.5" />
      <circle cx="8" cy="12" r="1.5" />
      <circle cx="16" cy="12" r="1.5" />
      <circle cx="8" cy="20" r="1.5" />
      <path d="M8 5.5v5M8 13.5v5M9.2 5l5.6 5.9" />
    </Icon>
  );
}

/** Everything down to the level: a full layer of messages. */
export function TargetLevelIcon() {
  return (
    <Icon className="size-5 shrink-0" strokeLinejoin="miter">
      <circle cx="12" cy="4" r="1.5" />
      <circle cx="5" cy="13" r="1.5" />
      <circle cx="12" cy="13" r="1.5" />
      <circle cx="19" cy="13" r="1.5" />
      <path d="M11 5.2 6 11.8M12 5.5v6M13 5.2l5 6.6M3 19h18" />
    </Icon>
  );
}
