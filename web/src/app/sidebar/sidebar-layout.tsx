import { type ReactNode, useCallback, useId } from 'react';
import { SidebarToggle } from '@/features/conversations/components/sidebar-toggle';
import { useListSync } from '@/features/conversations/hooks/use-list-sync';
import { useNavVisible } from '@/features/conversations/hooks/use-nav-visible';
import { Sidebar } from './sidebar';

type SidebarLayoutProps = {
  activeConversationId: string | undefined;
  onNewChat?: () => void;
  /** The page beside the sidebar, given the toggle to place in its header and whether the sidebar shows. */
  children: (sidebarToggle: ReactNode, sidebarVisible: boolean) => ReactNode;
};

/**
 * The sidebar beside (desktop) or over (phone) the page, and the toggle the page places in its
 * header. The sidebar comes first in the DOM, as it comes first on screen.
 */
export function SidebarLayout({ activeConversationId, onNewChat, children }: SidebarLayoutProps) {
  const { visible, setVisible, isSmall } = useNavVisible();
  const sidebarId = useId();
  // Always on, even while the sidebar is closed: the list must be current when it opens.
  useListSync();
  const close = useCallback(() => setVisible(false), [setVisible]);
  const toggle = <SidebarToggle open={visible} controls={sidebarId} onToggle={() => setVisible(!visible)} />;
  return (
    <div className="flex h-dvh w-full overflow-hidden">
      {visible && (
        <Sidebar
          id={sidebarId}
          activeConversationId={activeConversationId}
          isSmall={isSmall}
          onClose={close}
          onNewChat={onNewChat}
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col">{children(toggle, visible)}</div>
    </div>
  );
}
