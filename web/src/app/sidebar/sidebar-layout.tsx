import { type ReactNode, useCallback, useEffect, useId, useRef } from 'react';
import { SidebarToggle } from '@/features/conversations/components/sidebar-toggle';
import { useListSync } from '@/features/conversations/hooks/use-list-sync';
import { useNavVisible } from '@/features/conversations/hooks/use-nav-visible';
import { Sidebar } from './sidebar';

type SidebarLayoutProps = {
  activeConversationId: string | undefined;
  onNewChat?: () => void;
  /** The page beside the sidebar, given the toggle to place in its header and whether the sidebar shows. */
  children: (sidebarToggle: ReactNode, sidebarVisible: boolean) => ReactNode;
  /** Comes first in the tab order (a link skipping the sidebar to the message box). */
  skipLink?: ReactNode;
};

/**
 * The sidebar beside (desktop) or over (phone) the page, and the toggle the page places in its
 * header. The sidebar comes first in the DOM, as it comes first on screen.
 */
export function SidebarLayout({ activeConversationId, onNewChat, children, skipLink }: SidebarLayoutProps) {
  const { visible, setVisible, isSmall } = useNavVisible();
  const sidebarId = useId();
  // Always on, even while the sidebar is closed: the list must be current when it opens.
  useListSync();
  const close = useCallback(() => setVisible(false), [setVisible]);
  const toggleRef = useRef<HTMLButtonElement>(null);
  // Over a phone's page the sidebar is modal: the page behind is inert while it is open.
  const covering = visible && isSmall;
  const wasCovering = useRef(covering);

  // Closing it (Escape, its close button, the mask) leaves focus nowhere: it goes back to the
  // toggle, unless the page has taken it (a chat opened from the list focuses its message box).
  useEffect(() => {
    const closed = wasCovering.current && !covering;
    wasCovering.current = covering;
    if (closed && (document.activeElement === null || document.activeElement === document.body)) {
      toggleRef.current?.focus();
    }
  }, [covering]);

  const toggle = (
    <SidebarToggle ref={toggleRef} open={visible} controls={sidebarId} onToggle={() => setVisible(!visible)} />
  );
  return (
    <div className="flex h-dvh w-full overflow-hidden">
      {!covering && skipLink}
      {visible && (
        <Sidebar
          id={sidebarId}
          activeConversationId={activeConversationId}
          isSmall={isSmall}
          onClose={close}
          onNewChat={onNewChat}
        />
      )}
      <div inert={covering} className="flex min-w-0 flex-1 flex-col">
        {children(toggle, visible)}
      </div>
    </div>
  );
}
