/** Decorative icons of the setup bar; the controls carry the accessible text. */

import { type GlyphProps, Icon } from '@/components/ui/icon';

export function KeyIcon({ className = 'size-4' }: GlyphProps) {
  return (
    <Icon className={className}>
      <circle cx="7.5" cy="15.5" r="4.5" />
      <path d="m10.7 12.3 8.8-8.8M17 6l3 3M14.5 8.5l2 2" />
    </Icon>
  );
}

export function SlidersIcon({ className = 'size-4' }: GlyphProps) {
  return (
    <Icon className={className}>
      <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0" />
      <circle cx="16" cy="6" r="2" />
      <circle cx="10" cy="12" r="2" />
      <circle cx="18" cy="18" r="2" />
    </Icon>
  );
}

export function GhostIcon({ className = 'size-4' }: GlyphProps) {
  return (
    <Icon className={className}>
      <path d="M6 20V10a6 6 0 0 1 12 0v10l-2-1.5-2 1.5-2-1.5-2 1.5-2-1.5z" />
      <path d="M10 10h.01M14 10h.01" />
    </Icon>
  );
}

/** Only web and same-origin images are loaded as icons (a config value is not a script URL). */
const IMAGE_URL = /^(?:https?:\/\/|\/(?!\/)|data:image\/)/i;

/**
 * An endpoint's or spec's icon: its configured image, else its initial on a tinted square.
 * Decorative: the option's label names it.
 */
export function EndpointIcon({
  label,
  iconURL,
  className = 'size-5',
}: {
  label: string;
  iconURL?: string | null;
  className?: string;
}) {
  if (iconURL && IMAGE_URL.test(iconURL)) {
    return <img src={iconURL} alt="" aria-hidden="true" className={`${className} shrink-0 rounded object-contain`} />;
  }
  return (
    <span
      aria-hidden="true"
      // The letter is drawn by CSS, not text, so a button showing it is named by its label alone (WCAG 2.5.3).
      data-glyph={label.slice(0, 1)}
      className={`${className} inline-flex shrink-0 items-center justify-center rounded bg-surface-secondary text-[0.65rem] font-semibold uppercase text-text-secondary before:content-[attr(data-glyph)]`}
    />
  );
}
