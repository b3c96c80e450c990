import { QueryClientContext } from '@tanstack/react-query';
import { useContext, useMemo } from 'react';
import { useTranslation } from '@/lib/i18n/react';
import { endpointsQueryOptions } from '@/shared/config/api/get-endpoints';
import { AlertIcon } from '../icons';
import { formatReplyError } from './reply-error-text';

/**
 * A failed reply, in words. Not an alert: it is part of the history and would
 * otherwise be announced again every time the conversation is opened.
 */
export function ReplyError({ text, endpoint }: { text: string; endpoint?: string | null | undefined }) {
  // `t` changes with the language, so switching it re-renders the text.
  const { t } = useTranslation();
  // Only what the chat has already loaded (its header needs the endpoints before any reply
  // shows): a shared page has none, nor always a query client, and there a key advice would
  // point at a control the page does not show.
  const endpoints = useContext(QueryClientContext)?.getQueryData(endpointsQueryOptions.queryKey);
  const userProvidesKey = endpoint ? endpoints?.[endpoint]?.userProvide === true : false;
  const { message, details } = useMemo(
    () => formatReplyError(text, t, { userProvidesKey }),
    [text, t, userProvidesKey],
  );
  return (
    <div className="flex gap-2 rounded-lg border border-border-destructive bg-surface-destructive px-3 py-2 text-sm text-text-destructive">
      <AlertIcon className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 space-y-2">
        <p className="whitespace-pre-wrap break-words">{message}</p>
        {details.map((detail, index) => (
          <p key={index} className="whitespace-pre-wrap break-words text-text-primary">
            {detail}
          </p>
        ))}
      </div>
    </div>
  );
}
