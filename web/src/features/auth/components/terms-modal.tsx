import { useId } from 'react';
import { LegalLinks, type ExternalPage } from '@/components/layouts/legal-links';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { SafeHtml } from '@/components/ui/safe-html';
import { paths } from '@/config/paths';
import { getAccessToken } from '@/lib/api/token-store';
import { useTranslation } from '@/lib/i18n/react';
import { useAuth } from '@/shared/auth/hooks/use-auth';
import { useAcceptTerms } from '../api/accept-terms';
import { useTerms } from '../api/get-terms';

type TermsConfig =
  | {
      modalAcceptance?: boolean;
      modalTitle?: string;
      modalContent?: string;
      externalUrl?: string;
      openNewTab?: boolean;
    }
  | undefined;

/** After declining, the login page must not bounce the user straight back through OpenID. */
const DECLINED_HREF = `${paths.auth.login.getHref()}?redirect=false`;

/**
 * The terms a signed-in user must accept when `interface.termsOfService.modalAcceptance` is
 * on and the server says they have not yet. It has no close button: accepting records it and
 * closes; declining signs out. The full privacy policy and terms are linked below the text (the
 * configured pages, or the app's own), opening in a new tab so the dialog stays.
 */
export function TermsModal({ terms, privacyPolicy }: { terms: TermsConfig; privacyPolicy?: ExternalPage }) {
  const { t } = useTranslation();
  const titleId = useId();
  const required = terms?.modalAcceptance === true;
  // Only with a session: signing out re-renders this layout once more before it sees the user
  // gone, and a terms call then would 401 into the auth-failure redirect, racing the decline's
  // own navigation to /login?redirect=false (which then got lost).
  const { data } = useTerms({ enabled: required && getAccessToken() !== null });
  const accept = useAcceptTerms();
  const { logout } = useAuth();

  if (!required || data?.termsAccepted !== false) return null;

  return (
    <Modal labelledBy={titleId}>
      <h2 id={titleId} className="border-b border-border-light px-6 py-4 text-lg font-semibold">
        {terms?.modalTitle || t('com_ui_terms_and_conditions')}
      </h2>
      <div className="min-h-0 flex-1 overflow-y-auto px-6 py-4 text-sm leading-relaxed text-text-primary">
        {terms?.modalContent ? (
          <SafeHtml html={terms.modalContent} className="whitespace-pre-line [&_a]:text-text-link [&_a]:underline" />
        ) : (
          <p className="text-text-secondary">{t('com_ui_no_terms_content')}</p>
        )}
      </div>
      <LegalLinks
        privacyPolicy={privacyPolicy}
        termsOfService={terms}
        internalInNewTab
        className="border-t border-border-light px-6 py-2"
      />
      {accept.isError && <Alert className="mx-6 mb-2">{t('com_ui_terms_accept_error')}</Alert>}
      <div className="flex flex-col-reverse gap-3 border-t border-border-light px-6 py-4 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => void logout({ redirect: DECLINED_HREF })} disabled={accept.isPending}>
          {t('com_ui_decline')}
        </Button>
        <Button onClick={() => accept.mutate()} loading={accept.isPending}>
          {t('com_ui_accept')}
        </Button>
      </div>
    </Modal>
  );
}
