import { useState } from 'react';

type LandingIconProps = {
  /** The agent's or assistant's avatar, else the endpoint's icon. */
  src?: string;
  /** What the picture stands for; empty when the text next to it already says it. */
  alt: string;
};

/** A neutral speech bubble, for when there is no icon or it fails to load. */
function ChatBubbleGlyph({ label }: { label: string }) {
  // Stands in for the picture, so it carries the picture's name (or hides when it had none).
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return (
    <svg
      {...a11y}
      viewBox="0 0 24 24"
      className="size-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinejoin="round"
    >
      <path d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4h0A1.5 1.5 0 0 1 4 14.5z" />
    </svg>
  );
}

/** The round picture above the landing greeting; a broken URL falls back to the glyph. */
export function LandingIcon({ src, alt }: LandingIconProps) {
  // Which URL failed, so a new `src` (another agent) is tried afresh.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = src !== undefined && src !== '' && src !== failedSrc;
  return (
    <div className="flex size-12 items-center justify-center overflow-hidden rounded-full border border-border-light bg-surface-primary text-text-primary shadow-sm">
      {showImage ? (
        <img src={src} alt={alt} className="size-full object-cover" onError={() => setFailedSrc(src)} />
      ) : (
        <ChatBubbleGlyph label={alt} />
      )}
    </div>
  );
}
