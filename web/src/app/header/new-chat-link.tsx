import type { MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { headerLinkClasses } from '@/components/ui/header-link-classes';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n/react';
import { NewChatIcon } from './icons';

/** A click the router turns into in-app navigation (the others belong to the browser). */
const isPlainLeftClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

type NewChatLinkProps = {
  /** Called before the in-app navigation, e.g. to reset a conversation already at /c/new. */
  onNewChat?: () => void;
  /** Show the text only on wide screens (2xl): in the header the conversation title needs the room. */
  labelOnWideOnly?: boolean;
};

/**
 * A real link to /c/new, so Ctrl/Cmd-click, Shift-click, middle-click and "open in new
 * window" work as the browser does them; a plain click navigates within the app.
 */
export function NewChatLink({ onNewChat, labelOnWideOnly = false }: NewChatLinkProps) {
  const { t } = useTranslation();
  return (
    <Link
      to={paths.chat.newConversation.getHref()}
      onClick={(event) => {
        if (isPlainLeftClick(event)) onNewChat?.();
      }}
      className={headerLinkClasses}
    >
      <NewChatIcon />
      <span className={labelOnWideOnly ? 'sr-only 2xl:not-sr-only' : 'sr-only md:not-sr-only'}>
        {t('com_ui_new_chat')}
      </span>
    </Link>
  );
}
