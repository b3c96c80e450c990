import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { PublicPageSlug } from '@contract/public-page-slugs';
import { LogoMark } from '@/components/ui/logo-mark';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n/react';
import { PublicNavLinks } from './public-nav-links';

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
      <path strokeLinecap="round" d={open ? 'M6 6l12 12M18 6 6 18' : 'M4 6h16M4 12h16M4 18h16'} />
    </svg>
  );
}

/**
 * The links in a menu below 1024 px. It closes on a link, on a click or tap outside it, on
 * Escape, and whenever the page changes.
 */
function PublicMenu({ current }: { current: PublicPageSlug }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const container = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();

  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={container} className="lg:hidden">
      <button
        type="button"
        aria-label={t('com_ui_public_menu')}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
        className="flex rounded-lg p-2 text-text-secondary hover:bg-surface-secondary hover:text-text-primary focus-visible:outline-2 focus-visible:outline-ring-primary"
      >
        <MenuIcon open={open} />
      </button>
      {open && (
        <nav
          id={menuId}
          aria-label={t('com_ui_public_nav')}
          className="absolute inset-x-0 top-14 z-10 flex flex-col border-b border-border-light bg-surface-primary px-4 py-2 shadow-sm"
        >
          <PublicNavLinks current={current} onNavigate={() => setOpen(false)} />
        </nav>
      )}
    </div>
  );
}

/**
 * The public pages' header: brand, the eight links (inline from 1024 px, in a menu below),
 * the theme switch. A signed-in visitor also gets the sidebar toggle (`leading`) and a New Chat
 * entry (`trailing`). The Worker's rendering draws the same bar at the same height
 * (worker/services/public-pages/render.ts), so the takeover does not move the page.
 */
export function PublicHeader({
  appTitle,
  current,
  leading,
  trailing,
}: {
  appTitle: string | undefined;
  current: PublicPageSlug;
  leading?: ReactNode;
  trailing?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <header className="relative flex h-14 shrink-0 items-center gap-2 border-b border-border-light px-4">
      {leading}
      <Link
        to={paths.root.getHref()}
        className="me-auto flex min-w-0 items-center gap-2 rounded-lg text-lg font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring-primary"
      >
        <LogoMark className="size-8" />
        <span className="truncate">{appTitle}</span>
      </Link>
      <nav aria-label={t('com_ui_public_nav')} className="hidden items-center gap-1 lg:flex">
        <PublicNavLinks current={current} />
      </nav>
      {trailing}
      <ThemeToggle className="shrink-0" />
      <PublicMenu current={current} />
    </header>
  );
}
