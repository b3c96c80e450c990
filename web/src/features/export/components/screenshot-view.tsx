import { type Ref } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '@/lib/i18n/react';
import { useAuth } from '@/shared/auth/hooks/use-auth';
import type { ChatMessage } from '@/shared/conversation/types';
import { MessageContent } from '@/shared/message/content/message-content';
import { useOwnSenderName } from '@/shared/message/own-sender-name';
import { MessageAvatar } from '@/shared/message/message-avatar';

interface ScreenshotViewProps {
  title: string;
  messages: readonly ChatMessage[];
  ref: Ref<HTMLDivElement>;
}

/**
 * The current branch drawn in full for the screenshot. The feed on screen is virtualised (only
 * the rows in view exist), so the picture is taken of this copy instead: every message, at a
 * reading width, outside the viewport and hidden from assistive technology.
 */
export function ScreenshotView({ title, messages, ref }: ScreenshotViewProps) {
  const { t } = useTranslation();
  const { user } = useAuth();
  // Named as on screen (message-list.tsx): the user's name (or "You"), the reply's sender or model.
  const userName = useOwnSenderName(user?.name?.trim() || user?.username?.trim());
  return createPortal(
    <div aria-hidden="true" inert className="pointer-events-none fixed left-[-10000px] top-0">
      <div ref={ref} className="w-[768px] bg-surface-primary px-2 py-4 text-text-primary">
        {title && <h1 className="px-4 pb-2 text-lg font-semibold">{title}</h1>}
        {messages.map((message) => {
          const name = message.isCreatedByUser
            ? userName
            : message.sender.trim() || message.model?.trim() || t('com_ui_assistant');
          return (
            <article key={message.messageId} className="flex items-start gap-3 px-4 py-3">
              <MessageAvatar
                isUser={message.isCreatedByUser}
                name={name}
                endpoint={message.endpoint}
                iconURL={message.iconURL}
              />
              <div className="min-w-0 flex-1">
                <h2 className="text-sm font-semibold leading-7">{name}</h2>
                <div className="break-words leading-7">
                  <MessageContent message={message} isStreaming={false} />
                </div>
              </div>
            </article>
          );
        })}
      </div>
    </div>,
    document.body,
  );
}
