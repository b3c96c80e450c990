import type { ReactNode } from 'react';

/**
 * Small marks for the built-in providers, drawn for this app: a tile in the provider's colour
 * with a simple white shape, so each endpoint is told apart at a glance (and in greyscale by its
 * shape). They are not the providers' logos.
 */
export type ProviderMark =
  | 'openAI'
  | 'azureOpenAI'
  | 'anthropic'
  | 'google'
  | 'bedrock'
  | 'assistants'
  | 'azureAssistants'
  | 'agents'
  | 'custom';

const HEXAGON = 'M12 5.5 17.6 8.75v6.5L12 18.5l-5.6-3.25v-6.5z';

/** A small robot face: the assistants, on OpenAI's tile or Azure's. */
const ROBOT_FACE = (
  <>
    <rect x="6.5" y="8" width="11" height="9" rx="2.5" fill="none" stroke="#fff" strokeWidth="1.8" />
    <path d="M12 5v3" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
    <circle cx="9.8" cy="12.5" r="1.2" fill="#fff" />
    <circle cx="14.2" cy="12.5" r="1.2" fill="#fff" />
  </>
);

const MARKS: Record<ProviderMark, { tile: string; shape: ReactNode }> = {
  // A hexagon with a hollow centre, in green.
  openAI: {
    tile: '#0f8a6c',
    shape: (
      <>
        <path d={HEXAGON} fill="none" stroke="#fff" strokeWidth="2" strokeLinejoin="round" />
        <circle cx="12" cy="12" r="1.8" fill="#fff" />
      </>
    ),
  },
  // The same hexagon on Azure's blue, with a cloud-like base stroke.
  azureOpenAI: {
    tile: '#0a6cc2',
    shape: (
      <>
        <path d={HEXAGON} fill="none" stroke="#fff" strokeWidth="2" strokeLinejoin="round" />
        <path d="M7 19.5h10" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
      </>
    ),
  },
  // A six-armed burst on a clay tile.
  anthropic: {
    tile: '#b8583a',
    shape: (
      <path
        d="M12 5v14M5.9 8.5l12.2 7M5.9 15.5l12.2-7"
        stroke="#fff"
        strokeWidth="2.2"
        strokeLinecap="round"
        fill="none"
      />
    ),
  },
  // A four-pointed sparkle on blue.
  google: {
    tile: '#2f6fd6',
    shape: (
      <path
        d="M12 4.5C12.6 9 15 11.4 19.5 12 15 12.6 12.6 15 12 19.5 11.4 15 9 12.6 4.5 12 9 11.4 11.4 9 12 4.5z"
        fill="#fff"
      />
    ),
  },
  // Three stacked layers (the bedrock) on a dark tile, in orange.
  bedrock: {
    tile: '#232f3e',
    shape: (
      <path
        d="M12 5.5 18.5 9 12 12.5 5.5 9zM5.5 12.2 12 15.7l6.5-3.5M5.5 15.4 12 18.9l6.5-3.5"
        stroke="#ff9f1a"
        strokeWidth="1.7"
        strokeLinejoin="round"
        strokeLinecap="round"
        fill="none"
      />
    ),
  },
  assistants: {
    tile: '#5b47c4',
    shape: ROBOT_FACE,
  },
  azureAssistants: {
    tile: '#0a6cc2',
    shape: ROBOT_FACE,
  },
  // Three linked nodes: an agent calling tools.
  agents: {
    tile: '#0e7490',
    shape: (
      <>
        <path d="M8 16 12 8l4 8z" fill="none" stroke="#fff" strokeWidth="1.6" strokeLinejoin="round" />
        <circle cx="12" cy="8" r="2.2" fill="#fff" />
        <circle cx="8" cy="16" r="2.2" fill="#fff" />
        <circle cx="16" cy="16" r="2.2" fill="#fff" />
      </>
    ),
  },
  // Any other endpoint: a plug on a neutral tile.
  custom: {
    tile: '#5d6472',
    shape: (
      <path
        d="M9.5 5.5v3.5M14.5 5.5v3.5M7.5 9h9v2.5a4.5 4.5 0 0 1-9 0zM12 16v3"
        stroke="#fff"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
        fill="none"
      />
    ),
  },
};

const MARK_NAMES: ReadonlySet<string> = new Set(Object.keys(MARKS));

/** Whether `name` names a built-in mark (a model spec may give an endpoint name as its icon). */
export function isMarkName(name: string | null | undefined): name is ProviderMark {
  return !!name && MARK_NAMES.has(name);
}

/** The mark drawn for an endpoint type (a built-in name); anything else gets the generic one. */
export function markFor(type: string | null | undefined): ProviderMark {
  if (type === 'chatGPTBrowser' || type === 'gptPlugins') return 'openAI';
  return isMarkName(type) ? type : 'custom';
}

/**
 * One mark as an SVG. Named (role img) when `label` is given, else hidden: the text next to it
 * names it.
 */
export function MarkSvg({ mark, label, className }: { mark: ProviderMark; label?: string; className: string }) {
  const { tile, shape } = MARKS[mark];
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return (
    <svg {...a11y} data-mark={mark} viewBox="0 0 24 24" className={`${className} shrink-0`}>
      <rect width="24" height="24" rx="6" fill={tile} />
      {shape}
    </svg>
  );
}
