import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { LogoMark } from '@/components/ui/logo-mark';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n/react';

/**
 * The way into the app from a shared page. The root sends a signed-in visitor to a new chat and
 * anyone else to sign in.
 */
function StartChattingLink({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <Link to={paths.root.getHref()} className={`shrink-0 ${buttonClasses('primary')} ${className}`}>
      {t('com_ui_share_start_chatting')}
    </Link>
  );
}

/**
 * The frame of the shared page: a bar with the app's logo and title, the theme toggle and the
 * link into the app, then the page, then its footer. The toggle sits in the bar rather than
 * floating, so on a phone it never covers the conversation. The Worker's rendering draws the
 * same bar (worker/services/share/page-chrome.ts) at the same height, so the takeover does not
 * move the page.
 */
export function SharePageFrame({
  appTitle,
  footer,
  children,
}: {
  appTitle: string | undefined;
  footer: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-surface-primary text-text-primary">
      <header className="flex h-14 shrink-0 items-center gap-3 border-b border-border-light px-4">
        <Link
          to={paths.root.getHref()}
          className="me-auto flex min-w-0 items-center gap-2 rounded-lg text-lg font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring-primary"
        >
          <LogoMark className="size-8" />
          <span className="truncate">{appTitle}</span>
        </Link>
        <ThemeToggle />
        <StartChattingLink />
      </header>
      {children}
      {footer}
    </div>
  );
}

/** An unknown, refreshed or deleted link: what happened, and the way into the app. */
export function SharedLinkNotFound() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <h1 className="text-2xl font-semibold">{t('com_ui_shared_link_not_found')}</h1>
      <p className="mt-3 leading-6 text-text-secondary">{t('com_ui_shared_link_not_found_detail')}</p>
      <StartChattingLink className="mt-6" />
    </div>
  );
}
