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
 * Layout: one row at every width, in DOM order (the tab order): home, sidebar toggle, new chat,
 * the setup, the title, the conversation's menus, theme, account. The header is a size container
 * and its parts follow its own width, not the window's, so an open sidebar counts: below 768 px
 * of header the home link (new chat beside it leads to the same place) and the theme toggle (it
 * is in Settings, General) leave and the pickers turn compact; below 512 px the title is only
 * read out, leaving the room to the model's name. On a phone (the window below 768 px) the account menu
 * sits in the sidebar, as LibreChat places it. The title keeps a readable width when shown;
 * the pickers truncate instead.
 */

/** The chat screen's top bar (the desktop header). */
export function ChatHeader({ title, setupSlot, onNewChat, sidebarToggle, conversationSlot }: ChatHeaderProps) {
  const hasSetup = setupSlot !== undefined && setupSlot !== null && setupSlot !== false;
  const shownTitle = title?.trim();

  return (
    <header className="@container border-b border-border-light bg-surface-primary text-text-primary">
      <div className="flex items-center gap-1 px-2 py-1.5 @3xl:gap-3 @3xl:px-4">
        <div className="flex shrink-0 items-center gap-0.5">
          <span className="contents @max-3xl:hidden">
            <HomeLink />
          </span>
          {sidebarToggle}
          <NewChatLink onNewChat={onNewChat} labelOnWideOnly />
        </div>
        {hasSetup && <div className="flex min-w-0 items-center gap-1 @3xl:gap-1.5">{setupSlot}</div>}
        {/* Absent rather than empty when there is no title; below 512 px of header it is only read out. */}
        {shownTitle && (
          <h1
            title={shownTitle}
            className="min-w-24 flex-1 truncate px-1 text-sm font-medium @max-lg:sr-only @max-lg:min-w-0 @3xl:text-base"
          >
            {shownTitle}
          </h1>
        )}
        <div className="ms-auto flex shrink-0 items-center gap-1">
          {conversationSlot}
          <span className="contents @max-3xl:hidden">
            <ThemeToggle />
          </span>
          <span className="contents max-md:hidden">
            <AccountControls />
          </span>
        </div>
      </div>
    </header>
  );
}
