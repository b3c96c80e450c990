/** Decorative icons of the presets menu and dialogs; the controls carry the accessible text. */

const svgProps = {
  'aria-hidden': true,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

type IconProps = { className?: string };

export function BookmarkStackIcon({ className = 'size-4' }: IconProps) {
  return (
    <svg {...svgProps} className={className}>
      <path d="M8 3h10a1 1 0 0 1 1 1v16l-6-4-6 4V8" />
      <path d="M5 6v13" />
    </svg>
  );
}

export function StarIcon({ className = 'size-4', filled = false }: IconProps & { filled?: boolean }) {
  return (
    <svg {...svgProps} fill={filled ? 'currentColor' : 'none'} className={className}>
      <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9z" />
    </svg>
  );
}

export function PlusIcon({ className = 'size-4' }: IconProps) {
  return (
    <svg {...svgProps} className={className}>
      <path d="M12 5v14M5 12h14" />
    </svg>
  );
}

export function PencilIcon({ className = 'size-4' }: IconProps) {
  return (
    <svg {...svgProps} className={className}>
      <path d="M4 20h4L19 9l-4-4L4 16z" />
      <path d="m13.5 6.5 4 4" />
    </svg>
  );
}

export function TrashIcon({ className = 'size-4' }: IconProps) {
  return (
    <svg {...svgProps} className={className}>
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </svg>
  );
}
