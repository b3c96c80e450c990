/** Classes for inline text links, so every link has the same colour, underline and focus ring. */
export const TEXT_LINK_CLASSES =
  'font-medium text-text-link underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring-primary';
