import type { ReactNode } from 'react';
import { LogoMark } from '@/components/ui/logo-mark';
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
      <div className="px-4 pb-4 sm:fixed sm:bottom-4 sm:start-4 sm:p-0">
        <ThemeToggle />
      </div>
    </div>
  );
}
