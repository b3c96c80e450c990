import type { ReactNode, SVGProps } from 'react';

type IconProps = Omit<SVGProps<SVGSVGElement>, 'aria-hidden' | 'viewBox' | 'children'> & { children: ReactNode };

/**
 * The one way a glyph is drawn: a 24×24 SVG in the text colour, hidden from assistive technology
 * because every use has a text label (visible, or the control's accessible name). By default a
 * line icon (2 px strokes with round ends and corners, no fill); a solid glyph passes its `fill`
 * and `stroke="none"`, and any other attribute overrides the default of the same name.
 */
export function Icon({ children, ...props }: IconProps) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    >
      {children}
    </svg>
  );
}

/** What a glyph component takes: its size (and any extra) classes; each glyph has its default. */
export type GlyphProps = { className?: string };

/** The × of a close button, shared by the dialogs and side panels. */
export function CloseIcon({ className = 'size-5' }: GlyphProps) {
  return (
    <Icon className={className}>
      <path d="M18 6 6 18M6 6l12 12" />
    </Icon>
  );
}
