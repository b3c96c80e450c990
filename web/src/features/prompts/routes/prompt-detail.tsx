import { Link, useParams } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n/react';
import { usePrompt, usePromptGroup, usePromptVersions } from '@/shared/prompts/api/prompt-queries';
import { PromptEditor } from '../components/detail/prompt-editor';

function Loading() {
  const { t } = useTranslation();
  return (
    <div className="m-auto p-8" role="status" aria-label={t('com_ui_loading')}>
      <Spinner />
    </div>
  );
}

/** Someone else's prompt that is not shared (the server answers as if it did not exist). */
function NotShared() {
  const { t } = useTranslation();
  return (
    <div className="m-auto flex max-w-sm flex-col items-center gap-4 p-8 text-center" data-testid="prompt-not-shared">
      <p className="text-sm text-text-secondary">{t('com_ui_prompt_preview_not_shared')}</p>
      <Link to={paths.dashboard.prompts.getHref()} className={buttonClasses('outline')}>
        {t('com_ui_prompt_back')}
      </Link>
    </div>
  );
}

/** /d/prompts/{id}: the group, its versions, and for a reader at least the production text. */
export function PromptDetailRoute() {
  const { promptId } = useParams();
  const group = usePromptGroup(promptId);
  const versions = usePromptVersions(promptId, group.isSuccess);
  // A reader of a shared prompt may get no versions: the production one is asked for by id.
  const needsProduction = versions.isSuccess && versions.data.length === 0;
  const production = usePrompt(group.data?.productionId, needsProduction);

  if (group.isError) return <NotShared />;
  if (!group.data || versions.isPending || (needsProduction && production.isPending && group.data.productionId)) {
    return <Loading />;
  }
  const list = versions.data?.length ? versions.data : production.data ? [production.data] : [];
  return <PromptEditor key={group.data._id} group={group.data} versions={list} />;
}
