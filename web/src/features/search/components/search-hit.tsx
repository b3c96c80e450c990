import type { MessageSearchHit } from '@contract/search';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n/react';
import { HighlightedSnippet } from './highlighted-snippet';

type SearchHitProps = {
  hit: MessageSearchHit;
  /** Who wrote it, as the chat names them ("You" or the user's name, the AI's name). */
  senderName: string;
};

/** One matching message: its conversation's title, the sender, the snippet and a way there. */
export function SearchHit({ hit, senderName }: SearchHitProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const linkTextId = useId();
  const title = hit.title.trim() || t('com_ui_new_chat');
  // The server always sends a snippet; the whole text is the fallback should one be empty.
  const snippet = hit.snippet.trim() === '' ? hit.text : hit.snippet;
  return (
    <article className="min-w-0 rounded-xl border border-border-light bg-surface-primary p-3 md:p-4">
      <h2 id={titleId} title={title} className="truncate text-sm font-semibold text-text-primary">
        {title}
      </h2>
      <p className="mt-2 text-xs font-medium uppercase tracking-wide text-text-secondary">{senderName}</p>
      <p className="mt-1 whitespace-pre-wrap text-sm text-text-primary [overflow-wrap:anywhere]">
        <HighlightedSnippet snippet={snippet} />
      </p>
      <Link
        to={paths.chat.conversation.getHref(hit.conversationId)}
        // Every hit has this link: its name adds the title, so a screen reader's link list tells them apart.
        aria-labelledby={`${linkTextId} ${titleId}`}
        className="mt-2 inline-flex items-center gap-1 rounded-md text-sm font-medium text-text-link underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring-primary"
      >
        <span id={linkTextId}>{t('com_ui_go_to_conversation')}</span>
        <span aria-hidden="true">→</span>
      </Link>
    </article>
  );
}
