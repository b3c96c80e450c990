import { useEffect, useRef } from 'react';
import { trapTabKey } from '@/components/ui/focusable';
import { BookmarkFilter } from '@/features/bookmarks/components/bookmark-filter';
import { useTagFilter } from '@/features/bookmarks/hooks/use-tag-filter';
import { ConversationList } from '@/features/conversations/components/conversation-list';
import { SidebarIcon } from '@/features/conversations/components/icons';
import { ShareDialogSlot } from '@/features/conversations/components/share-dialog-slot';
import { SearchBox } from '@/features/search/components/search-box';
import { LazyShareDialog } from '@/features/share/components/lazy-share-dialog';
import { useTranslation } from '@/lib/i18n/react';
import { NewChatLink } from '../header/new-chat-link';
import { AccountControls } from '../settings/account-controls';

/** Loads the search results page's code while the user is still typing, so the switch is instant. */
const preloadSearchPage = () => void import('../routes/search');

/** 260 px beside the chat on desktop, 320 px over it on phones. */
const WIDTH_CLASSES = 'w-[320px] max-w-[85vw] md:w-[260px] md:max-w-none';

type SidebarProps = {
  id: string;
  activeConversationId: string | undefined;
  /** Phones: the sidebar overlays the chat with a mask, and opening a chat closes it. */
  isSmall: boolean;
  onClose: () => void;
  onNewChat?: () => void;
};

/**
 * The conversation sidebar: close (phones), New chat, search, the bookmark filter, then the list
 * (whose rows open the share dialog). Rendered only while open.
 */
export function Sidebar({ id, activeConversationId, isSmall, onClose, onNewChat }: SidebarProps) {
  const { t } = useTranslation();
  const closeRef = useRef<HTMLButtonElement>(null);
  const navRef = useRef<HTMLElement>(null);
  // The bookmarks picked in the bookmark control narrow the list (none: every chat).
  const tagFilter = useTagFilter();

  // Over the chat it is modal: focus moves in and Tab cycles inside (the page behind is inert),
  // and Escape closes it.
  useEffect(() => {
    if (!isSmall) return;
    closeRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      // A dialog above (delete confirmation) takes these keys for itself.
      if (event.defaultPrevented || document.querySelector('[aria-modal="true"]')) return;
      if (event.key === 'Escape') onClose();
      else if (event.key === 'Tab' && navRef.current) trapTabKey(event, navRef.current);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isSmall, onClose]);

  const closeOnPhone = isSmall ? onClose : undefined;

  return (
    <>
      {isSmall && (
        <div
          data-testid="sidebar-mask"
          aria-hidden="true"
          onClick={onClose}
          className="fixed inset-0 z-40 bg-black/50"
        />
      )}
      <nav
        ref={navRef}
        id={id}
        aria-label={t('com_nav_chat_history')}
        className={`flex h-dvh shrink-0 flex-col border-e border-border-light bg-surface-primary text-text-primary ${WIDTH_CLASSES} ${isSmall ? 'fixed inset-y-0 start-0 z-50 shadow-xl' : ''}`}
      >
        <div className="flex items-center gap-1 px-2 py-1.5">
          {/* On desktop the header's toggle closes it; over the chat on a phone that toggle is masked. */}
          {isSmall && (
            <button
              ref={closeRef}
              type="button"
              aria-label={t('com_nav_close_sidebar')}
              onClick={onClose}
              className="inline-flex size-9 items-center justify-center rounded-full text-text-secondary transition hover:bg-surface-secondary hover:text-text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring-primary"
            >
              <SidebarIcon />
            </button>
          )}
          <NewChatLink
            onNewChat={() => {
              onNewChat?.();
              closeOnPhone?.();
            }}
          />
          {/* On a phone the header has no room for it: the account menu lives here, as in LibreChat. */}
          {isSmall && (
            <div className="ms-auto">
              <AccountControls />
            </div>
          )}
        </div>
        <SearchBox preloadResultsPage={preloadSearchPage} />
        <BookmarkFilter />
        <ShareDialogSlot.Provider value={LazyShareDialog}>
          <ConversationList
            activeConversationId={activeConversationId}
            isSmall={isSmall}
            onOpen={closeOnPhone}
            tags={tagFilter}
          />
        </ShareDialogSlot.Provider>
      </nav>
    </>
  );
}
