import { Icon, type GlyphProps } from '@/components/ui/icon';

/** A globe: the web search badge. */
export function GlobeIcon({ className = 'size-4' }: GlyphProps) {
  return (
    <Icon className={className}>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
    </Icon>
  );
}

/** A plug: the MCP servers badge. */
export function PlugIcon({ className = 'size-4' }: GlyphProps) {
  return (
    <Icon className={className}>
      <path d="M9 2v6M15 2v6M6 8h12v3a6 6 0 0 1-12 0V8zM12 17v5" />
    </Icon>
  );
}

/** Six dots: a badge that can be dragged in edit mode. */
export function GripIcon({ className = 'size-3.5' }: GlyphProps) {
  return (
    <Icon className={className} fill="currentColor" stroke="none">
      {[6, 12, 18].map((y) => (
        <g key={y}>
          <circle cx="9" cy={y} r="1.5" />
          <circle cx="15" cy={y} r="1.5" />
        </g>
      ))}
    </Icon>
  );
}

export function PlusIcon({ className = 'size-3.5' }: GlyphProps) {
  return (
    <Icon className={className}>
      <path d="M12 5v14M5 12h14" />
    </Icon>
  );
}
