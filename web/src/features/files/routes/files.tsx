import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n/react';
import { FileManager } from '../components/file-manager';
import '../files-i18n';

/** /d/files: the file manager on a page of its own, with the way back to the chat. */
export function FilesRoute() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-5xl flex-col gap-4 px-4 py-6 sm:px-6 sm:py-10">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-text-primary">{t('com_files_title')}</h1>
          <p className="mt-1 text-sm text-text-secondary">{t('com_files_intro')}</p>
        </div>
        <Link to={paths.chat.newConversation.getHref()} className={buttonClasses('outline')}>
          {t('com_ui_back_to_chat')}
        </Link>
      </div>
      <FileManager />
    </main>
  );
}
