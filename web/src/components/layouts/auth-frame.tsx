import type { ReactNode } from 'react';
import { ThemeToggle } from '@/components/ui/theme-toggle';

type AuthFrameProps = {
  /** The app title, shown as the word mark beside the logo. */
  appTitle?: string;
  /** A dismissible notice across the top (the admin's banner). */
  banner?: ReactNode;
  /** Links under the card (privacy policy, terms of service). */
  footer?: ReactNode;
  /** The page: its header first, then its content. */
  children: ReactNode;
};

function LogoMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 40 40" className="size-10 text-ring-primary">
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

/**
 * The frame of the sign-in pages: banner on top, logo, a centred card holding the page, the
 * legal links, and the theme toggle at the bottom left.
 */
export function AuthFrame({ appTitle, banner, footer, children }: AuthFrameProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-surface-frame text-text-primary">
      {banner}
      <main className="flex flex-1 flex-col items-center justify-center px-4 py-10 sm:px-6 sm:py-16">
        <div className="mb-8 flex items-center gap-3">
          <LogoMark />
          {appTitle && <span className="text-xl font-semibold tracking-tight">{appTitle}</span>}
        </div>
        <div className="w-full max-w-md rounded-2xl border border-border-light bg-surface-card px-6 py-8 shadow-sm sm:px-10 sm:py-10 dark:shadow-none">
          {children}
        </div>
        {footer}
      </main>
      {/* Bottom left: fixed on larger screens, in the flow on phones so it never covers the card. */}
      <div className="px-4 pb-4 sm:fixed sm:bottom-4 sm:left-4 sm:p-0">
        <ThemeToggle />
      </div>
    </div>
  );
}
