import { Outlet, useMatch } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n/react';
import { GroupList } from '../components/list/group-list';
import { PermissionGate } from '../components/permission-gate';
import { PromptsTopBar } from '../components/top-bar';
import '../prompts-i18n';

/**
 * /d/prompts and its pages: the top bar, the list beside the page on a wide screen. On a phone
 * the list is the index page and a prompt's page has the whole width.
 */
export function PromptsLayout() {
  const { t } = useTranslation();
  const onIndex = useMatch(paths.dashboard.prompts.path) !== null;
  return (
    <div className="flex h-dvh flex-col bg-surface-primary text-text-primary">
      <PermissionGate permission="USE">
        <PromptsTopBar />
        <div className="flex min-h-0 flex-1">
          <aside
            aria-label={t('com_ui_prompts_library')}
            className={`${onIndex ? 'flex' : 'hidden'} w-full shrink-0 flex-col border-border-light md:flex md:w-80 md:border-e`}
          >
            <GroupList />
          </aside>
          <main className={`${onIndex ? 'hidden md:flex' : 'flex'} min-w-0 flex-1 flex-col overflow-y-auto`}>
            <Outlet />
          </main>
        </div>
      </PermissionGate>
    </div>
  );
}

/** /d/prompts itself: nothing chosen yet. */
export function PromptsIndexRoute() {
  const { t } = useTranslation();
  return (
    <div className="m-auto max-w-sm p-8 text-center">
      <h1 className="text-xl font-semibold">{t('com_ui_prompts_select_or_create')}</h1>
      <p className="mt-2 text-sm text-text-secondary">{t('com_ui_prompts_index_hint')}</p>
    </div>
  );
}
