/**
 * The look shared by the header's links: a round icon on phones, icon and text from 768 px
 * (`md`, just above the 767 px mobile breakpoint), with the theme toggle's hover and focus ring.
 */
export const headerLinkClasses =
  'inline-flex h-9 min-w-9 items-center justify-center gap-2 rounded-full px-2 text-sm font-medium text-text-secondary transition hover:bg-surface-secondary hover:text-text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring-primary md:px-3';
