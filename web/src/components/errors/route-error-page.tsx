import { useRouteError } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n/react';
import { describeRouteError } from './error-details';
import { downloadErrorLog } from './error-log';
import { StackTrace } from './stack-trace';

/** The root route's errorElement: what went wrong, what to try, and a log to send the admin. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const details = describeRouteError(useRouteError());
  const tips = [
    t('com_ui_refresh_the_page'),
    t('com_ui_clear_browser_cache'),
    t('com_ui_check_internet'),
    t('com_ui_contact_admin_if_issue_persists'),
  ];

  return (
    <div role="alert" className="flex min-h-dvh items-center justify-center px-4 py-12">
      <div className="w-full max-w-4xl rounded-2xl border border-border-light p-8 shadow-2xl">
        <h1 className="mb-6 text-center text-3xl font-medium tracking-tight">{t('com_ui_error_unexpected')}</h1>

        <section className="mb-4 rounded-xl border border-red-500/20 bg-red-500/5 p-4 text-sm">
          <h2 className="mb-2 font-medium">{t('com_ui_error_message_prefix')}</h2>
          <pre className="whitespace-pre-wrap" data-testid="error-message">
            {details.message ?? t('com_ui_error_default_message')}
          </pre>
        </section>

        {(details.status !== undefined || details.statusText !== undefined) && (
          <section className="mb-4 rounded-xl border border-yellow-500/20 bg-yellow-500/5 p-4 text-sm">
            <h2 className="mb-2 font-medium">{t('com_ui_status_prefix')}</h2>
            <p data-testid="error-status">
              {[details.status, details.statusText].filter((part) => part !== undefined).join(' ')}
            </p>
          </section>
        )}

        {details.stack && <StackTrace stack={details.stack} />}

        {details.data !== undefined && (
          <details className="mb-4 rounded-xl border border-border-light p-4">
            <summary className="cursor-pointer text-sm font-medium">{t('com_ui_additional_details')}</summary>
            <pre className="mt-2 text-xs whitespace-pre-wrap">{JSON.stringify(details.data, null, 2)}</pre>
          </details>
        )}

        <p className="mt-6 text-sm text-text-secondary">{t('com_ui_error_try_following_prefix')}</p>
        <ul className="mt-2 list-inside list-disc text-sm text-text-secondary">
          {tips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>

        <div className="mt-8 flex flex-col items-center gap-4 sm:flex-row sm:justify-center">
          <Button onClick={() => window.location.reload()}>{t('com_ui_refresh_page')}</Button>
          <Button variant="outline" onClick={() => void downloadErrorLog(details)}>
            {t('com_ui_download_error_logs')}
          </Button>
        </div>
      </div>
    </div>
  );
}
