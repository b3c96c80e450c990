import type { MessageSearchHit } from '@contract/search';
import { useCallback, useMemo, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useDebouncedValue } from '@/lib/hooks/use-debounced-value';
import { useTranslation } from '@/lib/i18n/react';
import { useAuth } from '@/shared/auth/hooks/use-auth';
import { useOwnSenderName } from '@/shared/message/own-sender-name';
import { useMessageSearch } from '../api/search-messages';
import { SEARCH_DEBOUNCE_MS } from '../hooks/use-search-text';
import { useLoadMoreOnView } from '../hooks/use-load-more-on-view';
import { SearchBox } from './search-box';
import { SearchHit } from './search-hit';

/** A spinner with its name for assistive technology. */
function Searching({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-label={t('com_ui_searching')}
      className={`flex justify-center p-6 text-text-secondary ${className}`}
    >
      <Spinner className="size-5" />
    </div>
  );
}

/**
 * The search page's body: the hits for `query` as typed, newest
 * first, the next page loading as the end comes into view. A spinner shows while the typing
 * has not paused for the debounce yet and while the first page loads.
 */
export function SearchResults({ query, withSearchField = false }: { query: string; withSearchField?: boolean }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const wanted = query.trim();
  // The first query is asked at once (the box already waited); later edits wait for a pause.
  const search = useDebouncedValue(wanted, SEARCH_DEBOUNCE_MS);
  const results = useMessageSearch(search);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = results;
  const hits = useMemo(() => results.data?.pages.flatMap((page) => page.messages) ?? [], [results.data]);

  const scrollRef = useRef<HTMLElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const typing = wanted !== search;
  useLoadMoreOnView({
    rootRef: scrollRef,
    endRef,
    canLoad: !typing && hasNextPage && !isFetchingNextPage && !isFetchNextPageError,
    load: loadMore,
    itemCount: hits.length,
  });

  const ownName = useOwnSenderName(user?.name?.trim() || user?.username?.trim());
  const senderName = (hit: MessageSearchHit) =>
    hit.isCreatedByUser ? ownName : hit.sender.trim() || hit.model?.trim() || t('com_ui_assistant');

  const body = () => {
    if (typing || results.isPending) return <Searching className="py-12" />;
    if (results.isError && hits.length === 0) {
      return (
        <p role="alert" className="py-12 text-center text-sm text-text-destructive">
          {t('com_ui_search_error')}
        </p>
      );
    }
    if (hits.length === 0) {
      return (
        <p role="status" className="py-12 text-center text-sm text-text-secondary">
          {t('com_ui_nothing_found')}
        </p>
      );
    }
    return (
      <>
        <ul aria-label={t('com_ui_search_results')} aria-busy={isFetchingNextPage} className="flex flex-col gap-3">
          {hits.map((hit) => (
            <li key={hit.messageId}>
              <SearchHit hit={hit} senderName={senderName(hit)} />
            </li>
          ))}
        </ul>
        {hasNextPage && <div ref={endRef} data-testid="search-results-end" className="h-px" />}
        {isFetchingNextPage && <Searching />}
        {isFetchNextPageError && (
          <div className="flex flex-col items-center gap-2 py-6">
            <p role="alert" className="text-sm text-text-destructive">
              {t('com_ui_search_error')}
            </p>
            <Button variant="outline" onClick={loadMore}>
              {t('com_ui_load_more_results')}
            </Button>
          </div>
        )}
      </>
    );
  };

  return (
    <main ref={scrollRef} className="min-h-0 flex-1 overflow-y-auto">
      <div className="mx-auto w-full max-w-3xl px-3 py-4 md:px-4">
        {withSearchField && <SearchBox className="pb-4" />}
        {body()}
      </div>
    </main>
  );
}
