import { Navigate, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n/react';
// The sidebar and the header are the chat's, and speak its strings.
import { ChatHeader } from '@/app/header/chat-header';
import { SidebarLayout } from '@/app/sidebar/sidebar-layout';
import { SearchResults } from '@/features/search/components/search-results';
import { isBlankQuery, readSearchQuery } from '@/features/search/lib/search-address';
import '@/features/search/search-i18n';
import '@/shared/i18n/chat-i18n';

/**
 * /search?q=…: the user's messages matching the query, beside the same sidebar as the chat.
 * Without a query there is nothing to show: a new chat instead, as clearing the box does.
 */
export function SearchRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const query = readSearchQuery(params);
  if (isBlankQuery(query)) return <Navigate to={paths.chat.newConversation.getHref()} replace />;
  return (
    <SidebarLayout activeConversationId={undefined}>
      {(sidebarToggle, sidebarVisible) => (
        <>
          <ChatHeader title={t('com_ui_search')} sidebarToggle={sidebarToggle} />
          {/* The search field lives in the sidebar; while that is closed (as on a phone) the page has its own. */}
          <SearchResults query={query} withSearchField={!sidebarVisible} />
        </>
      )}
    </SidebarLayout>
  );
}
