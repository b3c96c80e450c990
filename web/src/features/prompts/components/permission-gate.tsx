import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PermissionName } from '@contract/auth';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n/react';
import { usePromptsAccess } from '../lib/use-prompts-access';

/** Long enough to read why, short enough not to wait on a page that will not open. */
export const PERMISSION_REDIRECT_MS = 1000;

/**
 * Renders `children` when the role grants PROMPTS `permission`; otherwise says so and sends
 * the user to a new chat after a second.
 */
export function PermissionGate({ permission, children }: { permission: PermissionName; children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const access = usePromptsAccess(permission);

  useEffect(() => {
    if (access !== 'denied') return;
    const timer = setTimeout(
      () => void navigate(paths.chat.newConversation.getHref(), { replace: true }),
      PERMISSION_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [access, navigate]);

  if (access === 'granted') return children;
  if (access === 'pending') {
    return (
      <div className="m-auto p-8" role="status" aria-label={t('com_ui_loading')}>
        <Spinner />
      </div>
    );
  }
  return (
    <p role="alert" className="m-auto p-8 text-center text-sm text-text-secondary">
      {t('com_ui_prompts_no_permission')}
    </p>
  );
}
