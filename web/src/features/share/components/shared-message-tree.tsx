import { useMemo, useState } from 'react';
import type { SharedMessage } from '@contract/share';
import { useTranslation } from '@/lib/i18n/react';
import { type BranchSelection, currentBranch, stepSibling } from '@/shared/conversation/tree/branch';
import { buildMessageTree } from '@/shared/conversation/tree/message-tree';
import type { ChatMessage } from '@/shared/conversation/types';
import { SiblingNav } from '@/shared/message/actions/sibling-nav';
import { MessageContent } from '@/shared/message/content/message-content';
import { MessageFiles } from '@/shared/message/files/message-files';
import { MessageAvatar } from '@/shared/message/message-avatar';

const toChatMessage = (message: SharedMessage): ChatMessage => ({ ...message, content: message.content ?? null });

/**
 * The shared messages as the chat draws them, read-only: one branch at a time with the
 * "‹ n / total ›" switch between versions, and no composer, editor or message actions.
 */
export function SharedMessageTree({ messages }: { messages: readonly SharedMessage[] }) {
  const { t } = useTranslation();
  const tree = useMemo(() => buildMessageTree(messages.map(toChatMessage)), [messages]);
  const [selection, setSelection] = useState<BranchSelection>({});
  const branch = useMemo(() => currentBranch(tree, selection), [tree, selection]);

  const senderName = (message: ChatMessage) =>
    message.isCreatedByUser
      ? message.sender.trim() || t('com_user_message')
      : message.sender.trim() || message.model?.trim() || t('com_ui_assistant');

  return (
    <div role="feed" aria-busy="false" aria-label={t('com_ui_shared_conversation')} className="flex flex-col gap-1">
      {branch.map((entry, index) => {
        const { message } = entry;
        const name = senderName(message);
        return (
          <article
            key={message.messageId}
            aria-posinset={index + 1}
            aria-setsize={branch.length}
            aria-label={name}
            tabIndex={0}
            className="grid w-full grid-cols-[auto_minmax(0,1fr)] items-center gap-x-2.5 gap-y-1 rounded-xl px-4 py-3 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring-primary md:flex md:items-start md:gap-3"
          >
            <MessageAvatar
              isUser={message.isCreatedByUser}
              name={name}
              endpoint={message.endpoint}
              iconURL={message.iconURL}
            />
            <div className="contents max-md:[&>*]:min-w-0 max-md:[&>:not(h2)]:col-span-2 md:block md:min-w-0 md:flex-1">
              <h2 className="text-sm font-semibold leading-7 text-text-primary">{name}</h2>
              <div className="break-words leading-7 text-text-primary">
                <MessageContent message={message} isStreaming={false} />
              </div>
              {message.files && message.files.length > 0 && <MessageFiles files={message.files} />}
              <SiblingNav
                siblingIndex={entry.siblingIndex}
                siblingCount={entry.siblingIds.length}
                onStep={(offset) => setSelection((current) => stepSibling(current, entry, offset))}
              />
            </div>
          </article>
        );
      })}
    </div>
  );
}
