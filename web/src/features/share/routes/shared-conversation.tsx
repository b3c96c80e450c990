import { useParams } from 'react-router-dom';
import { LegalLinks } from '@/components/layouts/legal-links';
import { ApiError } from '@/lib/api/api-error';
import '../share-i18n';
// The messages are drawn by the chat's components, which speak the chat's strings.
import '@/shared/i18n/chat-i18n';
import { useTranslation } from '@/lib/i18n/react';
import { useStartupConfig } from '@/shared/config/api/get-startup-config';
import { useSharedConversation } from '../api/get-shared-conversation';
import { SharedLinkNotFound, SharePageFrame } from '../components/share-page-frame';
import { SharedMessageTree } from '../components/shared-message-tree';
import { useSsrTakeover } from '../lib/ssr-takeover';
import { useShareTitle } from '../lib/use-share-title';

/**
 * The shared page shows the creation date as long month, day, year. In UTC, as
 * the server rendered it, so the date does not change when the SPA takes the page over.
 */
const formatSharedDate = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(iso),
  );

/**
 * /share/:shareId: a public, read-only conversation. The Worker server-renders it and embeds
 * the data, so the first render here already has it; a client-side visit fetches it. Works
 * without a session: no call here needs one.
 */
export function SharedConversationRoute() {
  const { shareId = '' } = useParams();
  const { t, i18n } = useTranslation();
  const startupConfig = useStartupConfig();
  const config = startupConfig.data;
  const shared = useSharedConversation(shareId);
  const notFound = shared.error instanceof ApiError && shared.error.status === 404;
  // Also waits for the app title, so the bar does not show up without it.
  useSsrTakeover(!shared.isPending && !startupConfig.isPending);
  useShareTitle(shared.data?.title ?? (notFound ? t('com_ui_shared_link_not_found') : undefined), config?.appTitle);

  const legal = config?.interface;
  const hasLegalLinks = Boolean(legal?.privacyPolicy?.externalUrl || legal?.termsOfService?.externalUrl);
  // Only when it has something to say: an empty footer would leave a stray rule under the page.
  const footer = config && (shared.isSuccess || hasLegalLinks) && (
    <footer className="flex flex-col items-center gap-1 border-t border-border-light px-4 py-4 text-center text-xs text-text-secondary">
      {shared.isSuccess && <p>{t('com_ui_shared_by_footer', { appTitle: config.appTitle })}</p>}
      <LegalLinks privacyPolicy={legal?.privacyPolicy} termsOfService={legal?.termsOfService} />
    </footer>
  );

  return (
    <SharePageFrame appTitle={config?.appTitle} footer={footer}>
      <main className="mx-auto w-full max-w-3xl flex-1 px-2 py-6 sm:px-4">
        {shared.isPending && (
          <div role="status" className="flex justify-center py-16">
            <span className="sr-only">{t('com_ui_loading')}</span>
            <span
              aria-hidden="true"
              className="size-6 animate-spin rounded-full border-2 border-text-secondary border-t-transparent"
            />
          </div>
        )}
        {shared.isError &&
          (notFound ? (
            <SharedLinkNotFound />
          ) : (
            <p role="alert" className="py-16 text-center text-lg text-text-secondary">
              {t('com_ui_shared_link_load_error')}
            </p>
          ))}
        {shared.isSuccess && (
          <>
            <header className="border-b border-border-light px-4 pb-4">
              <h1 className="text-2xl font-semibold tracking-tight break-words">{shared.data.title}</h1>
              <p className="mt-1 text-sm text-text-secondary">
                <time dateTime={shared.data.createdAt}>{formatSharedDate(shared.data.createdAt, i18n.language)}</time>
              </p>
            </header>
            <div className="pt-4">
              <SharedMessageTree key={shareId} messages={shared.data.messages} />
            </div>
          </>
        )}
      </main>
    </SharePageFrame>
  );
}
