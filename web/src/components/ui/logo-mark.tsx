/**
 * The app's logo: a speech bubble on a rounded square in the theme's accent colour. The share
 * page's server rendering draws the same mark (worker/services/share/page-chrome.ts).
 */
export function LogoMark({ className = 'size-10' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 40 40" className={`shrink-0 text-ring-primary ${className}`}>
      <rect width="40" height="40" rx="11" fill="currentColor" />
      <path
        d="M12 14.5A3.5 3.5 0 0 1 15.5 11h9a3.5 3.5 0 0 1 3.5 3.5v6a3.5 3.5 0 0 1-3.5 3.5H20l-4.6 4.1a.8.8 0 0 1-1.4-.6V24a3.5 3.5 0 0 1-2-3.2Z"
        fill="white"
      />
      <circle cx="16.5" cy="17.5" r="1.3" fill="currentColor" />
      <circle cx="20" cy="17.5" r="1.3" fill="currentColor" />
      <circle cx="23.5" cy="17.5" r="1.3" fill="currentColor" />
    </svg>
  );
}
