import type { ReactNode } from 'react';
import { AccountControls } from '@/app/settings/account-controls';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { HomeLink } from './home-link';
import { NewChatLink } from './new-chat-link';

export type ChatHeaderProps = {
  /** The conversation's title once generated; nothing is shown while null or blank. */
  title?: string | null;
  /** The setup bar (endpoint, model, parameters), placed after the new-chat link. */
  setupSlot?: ReactNode;
  /** Called on a plain click of New chat, before navigating to /c/new. */
  onNewChat?: () => void;
  /** The open/close-sidebar button, placed after the home link (home stays the first stop). */
  sidebarToggle?: ReactNode;
  /** The open conversation's menus (bookmarks, export, share), placed before the theme toggle. */
  conversationSlot?: ReactNode;
};

/*
 * Layout. The DOM order (home, sidebar toggle, new chat, setup, title, conversation menus,
 * theme, account) is the tab order, and it is kept the visual order at every width: only the
 * title, which takes no focus, moves. From md (768 px): one row, the title taking the free space. Below, two rows:
 * home, sidebar toggle, new chat and the setup (which takes the rest of the width); then the
 * title, with theme and account at the end of that row. Reading left to right, top to bottom,
 * is still the DOM order.
 */
const WITH_SETUP = {
  grid: 'grid-cols-[auto_minmax(0,1fr)_auto] md:grid-cols-[auto_minmax(0,auto)_minmax(0,1fr)_auto]',
  setup: 'col-span-2 col-start-2 row-start-1 md:col-span-1',
  title: 'col-span-2 col-start-1 row-start-2 md:col-span-1 md:col-start-3 md:row-start-1',
  actions: 'col-start-3 row-start-2 justify-self-end md:col-start-4 md:row-start-1',
};
const WITHOUT_SETUP = {
  grid: 'grid-cols-[auto_minmax(0,1fr)_auto]',
  title: 'col-start-2 row-start-1',
  actions: 'col-start-3 row-start-1',
};

/** The chat screen's top bar (the desktop header). */
export function ChatHeader({ title, setupSlot, onNewChat, sidebarToggle, conversationSlot }: ChatHeaderProps) {
  const hasSetup = setupSlot !== undefined && setupSlot !== null && setupSlot !== false;
  const layout = hasSetup ? WITH_SETUP : WITHOUT_SETUP;
  const shownTitle = title?.trim();

  return (
    <header
      className={`grid items-center gap-x-1 gap-y-1 border-b border-border-light bg-surface-primary px-2 py-1.5 text-text-primary md:gap-x-3 md:px-4 ${layout.grid}`}
    >
      <div className="col-start-1 row-start-1 flex items-center gap-0.5">
        <HomeLink />
        {sidebarToggle}
        <NewChatLink onNewChat={onNewChat} labelOnWideOnly />
      </div>
      {hasSetup && <div className={`flex min-w-0 items-center gap-1 md:gap-1.5 ${WITH_SETUP.setup}`}>{setupSlot}</div>}
      {/* Absent rather than empty when there is no title: an empty cell would still add a row. */}
      {shownTitle && (
        <h1
          title={shownTitle}
          className={`min-w-0 truncate px-2 text-sm font-medium md:px-1 md:text-base ${layout.title}`}
        >
          {shownTitle}
        </h1>
      )}
      <div className={`flex items-center gap-1 ${layout.actions}`}>
        {conversationSlot}
        <ThemeToggle />
        <AccountControls />
      </div>
    </header>
  );
}
