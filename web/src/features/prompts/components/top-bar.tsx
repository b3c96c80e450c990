import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n/react';
import { type PromptsEditorMode, promptsSettingsStore, usePromptsSettings } from '../lib/editor-settings';
import { useIsAdmin } from '../lib/use-prompts-access';
import { AdminSettingsDialog } from './admin-settings-dialog';

const MODES: PromptsEditorMode[] = ['simple', 'advanced'];

/** The way back to the chat, the editor mode (kept in this browser) and, for admins, the permissions. */
export function PromptsTopBar() {
  const { t } = useTranslation();
  const isAdmin = useIsAdmin();
  const mode = usePromptsSettings().promptsEditorMode;
  const [adminOpen, setAdminOpen] = useState(false);

  return (
    <header className="flex flex-wrap items-center justify-between gap-2 border-b border-border-light px-4 py-2.5">
      <nav aria-label={t('com_ui_prompts_breadcrumb')}>
        <ol className="flex items-center gap-1.5 text-sm">
          <li>
            <Link
              to={paths.chat.newConversation.getHref()}
              className="rounded text-text-secondary hover:text-text-primary focus-visible:outline-2 focus-visible:outline-ring-primary"
            >
              {t('com_ui_back_to_chat')}
            </Link>
          </li>
          <li aria-hidden="true" className="text-text-tertiary">
            /
          </li>
          <li>
            <Link
              to={paths.dashboard.prompts.getHref()}
              className="rounded font-medium text-text-primary focus-visible:outline-2 focus-visible:outline-ring-primary"
            >
              {t('com_ui_prompts')}
            </Link>
          </li>
        </ol>
      </nav>
      <div className="flex items-center gap-2">
        <div
          role="group"
          aria-label={t('com_ui_prompts_mode')}
          className="flex rounded-lg border border-border-medium p-0.5"
          data-testid="prompts-mode-switch"
        >
          {MODES.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={mode === option}
              onClick={() => promptsSettingsStore.set('promptsEditorMode', option)}
              className={`rounded-md px-2.5 py-1 text-sm focus-visible:outline-2 focus-visible:outline-ring-primary ${
                mode === option
                  ? 'bg-surface-tertiary text-text-primary'
                  : 'text-text-secondary hover:text-text-primary'
              }`}
            >
              {t(option === 'simple' ? 'com_ui_prompts_mode_simple' : 'com_ui_prompts_mode_advanced')}
            </button>
          ))}
        </div>
        {isAdmin && (
          <Button variant="outline" onClick={() => setAdminOpen(true)} data-testid="prompts-admin-button">
            {t('com_ui_prompts_admin')}
          </Button>
        )}
      </div>
      {isAdmin && <AdminSettingsDialog open={adminOpen} onClose={() => setAdminOpen(false)} />}
    </header>
  );
}
