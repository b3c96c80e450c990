import { useEffect, useState } from 'react';
import type { PublicPageSlug } from '@contract/public-page-slugs';
import { NewChatLink } from '@/app/header/new-chat-link';
import { SidebarLayout } from '@/app/sidebar/sidebar-layout';
import { usePublicPage } from '@/features/public-pages/api/get-public-page';
import { PAGE_TITLE_KEYS } from '@/features/public-pages/components/public-nav-links';
import { PublicHeader } from '@/features/public-pages/components/public-header';
import { PublicPageBody } from '@/features/public-pages/components/public-page-body';
import { servedAsPublicPage } from '@/features/public-pages/lib/embedded-page';
import { useSsrTakeover } from '@/features/public-pages/lib/ssr-takeover';
import { useDocumentExit } from '@/features/public-pages/lib/use-document-exit';
import { useTranslation } from '@/lib/i18n/react';
import '@/features/public-pages/public-pages-i18n';
import { useAuth } from '@/shared/auth/hooks/use-auth';
import { useStartupConfig } from '@/shared/config/api/get-startup-config';
// A signed-in visitor gets the chat's sidebar and New Chat entry, which speak its strings.
import '@/shared/i18n/chat-i18n';

/**
 * The browser title is the page's plus the app's, as the server wrote it. Set after the current
 * effects have run: the root layout writes the bare app title in its own effect, after ours.
 */
function usePageTitle(title: string, appTitle: string | undefined) {
  useEffect(() => {
    const timer = window.setTimeout(() => {
      document.title = appTitle ? `${title} | ${appTitle}` : title;
    }, 0);
    return () => window.clearTimeout(timer);
  }, [title, appTitle]);
}

/**
 * /about, /changelog, … : the operator's page under the public header. Anyone may read it; a
 * signed-in visitor also gets the sidebar and a New Chat entry, which only the SPA can offer
 * (the server's rendering cannot know who is signed in), so the SPA takes over once it knows.
 */
export function PublicPageRoute({ slug }: { slug: PublicPageSlug }) {
  const { t } = useTranslation();
  const config = useStartupConfig();
  const page = usePublicPage(slug);
  const { isAuthenticated, isLoading } = useAuth();
  const [strictDocument] = useState(() => servedAsPublicPage());
  useDocumentExit(strictDocument);
  useSsrTakeover(!page.isPending && !config.isPending && !isLoading);
  const title = t(PAGE_TITLE_KEYS[slug]);
  usePageTitle(title, config.data?.appTitle);

  const appTitle = config.data?.appTitle;
  const body = <PublicPageBody page={page.data} failed={page.isError} />;
  if (!isAuthenticated) {
    return (
      <div className="min-h-dvh bg-surface-primary text-text-primary">
        <PublicHeader appTitle={appTitle} current={slug} />
        {body}
      </div>
    );
  }
  return (
    <SidebarLayout activeConversationId={undefined}>
      {(sidebarToggle) => (
        <>
          <PublicHeader appTitle={appTitle} current={slug} leading={sidebarToggle} trailing={<NewChatLink />} />
          <div className="min-h-0 flex-1 overflow-y-auto">{body}</div>
        </>
      )}
    </SidebarLayout>
  );
}
