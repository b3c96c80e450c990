/** The look every badge of the composer's row shares: a pill, filled while it is on. */
export const BADGE_BUTTON =
  'inline-flex h-10 items-center gap-1.5 rounded-full border px-2.5 text-sm transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring-primary disabled:cursor-not-allowed disabled:opacity-50 sm:h-8';
export const BADGE_ON = 'border-border-medium bg-surface-secondary text-text-primary';
export const BADGE_OFF = 'border-border-light text-text-secondary hover:bg-surface-secondary hover:text-text-primary';
