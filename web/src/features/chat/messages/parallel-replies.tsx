import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n/react';
import type { ChatMessage } from '@/shared/conversation/types';

/**
 * A turn answered by two models (the `+` command): the chat's own reply and the added one.
 * Shown side by side while this page follows the turn; after a reload the tree shows them as
 * sibling versions of the reply.
 */
export interface ParallelTurn {
  /** The chat's own reply (the first column). */
  firstId: string;
  /** The added model's reply (the second column). */
  added: ChatMessage;
  firstStreaming: boolean;
  addedStreaming: boolean;
  onStopFirst(): void;
  onStopAdded(): void;
}

interface ParallelRepliesProps {
  first: ReactNode;
  second: ReactNode;
  /** Each reply's model: both may carry the same endpoint's name. */
  firstModel: string | null | undefined;
  secondModel: string | null | undefined;
  firstStreaming: boolean;
  secondStreaming: boolean;
  onStopFirst(): void;
  onStopSecond(): void;
}

/** The two replies in two columns on a wide screen, one above the other on a narrow one; each stops alone. */
export function ParallelReplies(props: ParallelRepliesProps) {
  const { t } = useTranslation();
  const column = (content: ReactNode, model: string | null | undefined, streaming: boolean, onStop: () => void) => (
    <div className="min-w-0 rounded-xl border border-border-light" data-testid="parallel-reply">
      {model && <p className="truncate px-4 pt-2 text-xs text-text-secondary">{model}</p>}
      {content}
      {streaming && (
        <div className="flex justify-end px-3 pb-2">
          <button
            type="button"
            onClick={onStop}
            className="rounded-md border border-border-medium px-2 py-1 text-xs text-text-secondary hover:bg-surface-hover hover:text-text-primary"
          >
            {t('com_ui_stop_this_reply')}
          </button>
        </div>
      )}
    </div>
  );
  return (
    <div role="group" aria-label={t('com_ui_parallel_replies')} className="grid gap-2 px-2 md:grid-cols-2">
      {column(props.first, props.firstModel, props.firstStreaming, props.onStopFirst)}
      {column(props.second, props.secondModel, props.secondStreaming, props.onStopSecond)}
    </div>
  );
}
