/** The composer's icons (24×24, currentColor); decorative, the buttons carry the labels. */
const iconProps = {
  'aria-hidden': true,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export const SendIcon = ({ className = 'size-5' }: { className?: string }) => (
  <svg {...iconProps} className={className}>
    <path d="M12 19V5M5 12l7-7 7 7" />
  </svg>
);

export const StopIcon = ({ className = 'size-4' }: { className?: string }) => (
  <svg {...iconProps} className={className}>
    <rect x="5" y="5" width="14" height="14" rx="2" fill="currentColor" />
  </svg>
);

export const ExpandIcon = ({ className = 'size-4' }: { className?: string }) => (
  <svg {...iconProps} className={className}>
    <path d="M15 3h6v6M9 21H3v-6M21 3l-7 7M3 21l7-7" />
  </svg>
);

export const CollapseIcon = ({ className = 'size-4' }: { className?: string }) => (
  <svg {...iconProps} className={className}>
    <path d="M4 14h6v6M20 10h-6V4M14 10l7-7M3 21l7-7" />
  </svg>
);
