import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { PROMPT_CATEGORY_FILTERS, PROMPT_LIMITS, type PromptGroup } from '@contract/prompts';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDebouncedValue } from '@/lib/hooks/use-debounced-value';
import { useTranslation } from '@/lib/i18n/react';
import { useCurrentUser } from '@/shared/auth/api/get-current-user';
import { usePromptGroupPage } from '@/shared/prompts/api/prompt-queries';
import { useIsAdmin, usePromptsAccess } from '../../lib/use-prompts-access';
import { CategorySelect } from '../category-select';
import { DeleteGroupDialog, RenameGroupDialog } from './group-dialogs';
import { GroupRow } from './group-row';

/** Searching waits for a pause in typing rather than asking on every key. */
const NAME_SEARCH_DEBOUNCE_MS = 850;
const SKELETON_ROWS = 10;

/**
 * The prompts the user may see, filtered by category and name, one page at a time. Their
 * author, or an admin, renames or deletes a prompt from its row's menu.
 */
export function GroupList() {
  const { t } = useTranslation();
  const canCreate = usePromptsAccess('CREATE') === 'granted';
  const userId = useCurrentUser().data?.id;
  const isAdmin = useIsAdmin();
  const openId = useParams().promptId;
  const navigate = useNavigate();
  const [renaming, setRenaming] = useState<PromptGroup | null>(null);
  const [deleting, setDeleting] = useState<PromptGroup | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  // The deleted row's menu button is gone: focus lands on the search box once the dialog has closed.
  const [focusSearch, setFocusSearch] = useState(false);
  useEffect(() => {
    if (!focusSearch || deleting) return;
    searchRef.current?.focus();
    setFocusSearch(false);
  }, [focusSearch, deleting]);
  const onDeleted = (group: PromptGroup) => {
    setDeleting(null);
    setFocusSearch(true);
    if (group._id === openId) void navigate(paths.dashboard.prompts.getHref(), { replace: true });
  };
  const [category, setCategory] = useState('');
  const [nameInput, setNameInput] = useState('');
  const name = useDebouncedValue(nameInput.trim(), NAME_SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState({ number: 1, filters: '' });
  // Another filter is another list: it starts at its first page.
  const filters = JSON.stringify([category, name]);
  const pageNumber = page.filters === filters ? page.number : 1;
  const goTo = (number: number) => setPage({ number, filters });

  const { data, isPending } = usePromptGroupPage({
    pageNumber,
    pageSize: PROMPT_LIMITS.pageSizeDefault,
    name: name || undefined,
    category: category || undefined,
  });
  const pages = Number(data?.pages ?? 1) || 1;
  const groups = data?.promptGroups ?? [];

  return (
    <div className="flex h-full min-h-0 flex-col gap-2 p-3" data-testid="prompt-group-list">
      <div className="flex items-center gap-2">
        <CategorySelect
          className="min-w-0 flex-1"
          aria-label={t('com_ui_prompts_filter')}
          value={category}
          onChange={setCategory}
          leading={[
            { value: '', label: t('com_ui_prompts_filter_all') },
            { value: PROMPT_CATEGORY_FILTERS.mine, label: t('com_ui_prompts_filter_mine') },
            { value: PROMPT_CATEGORY_FILTERS.shared, label: t('com_ui_prompts_filter_shared') },
            { value: PROMPT_CATEGORY_FILTERS.noCategory, label: t('com_ui_prompts_filter_none') },
          ]}
        />
        {canCreate && (
          <Link to={paths.dashboard.newPrompt.getHref()} className={buttonClasses('primary')}>
            {t('com_ui_create_prompt')}
          </Link>
        )}
      </div>
      <input
        ref={searchRef}
        type="search"
        value={nameInput}
        onChange={(event) => setNameInput(event.target.value)}
        aria-label={t('com_ui_prompts_search')}
        placeholder={t('com_ui_prompts_search')}
        className="w-full rounded-lg border border-border-medium bg-surface-input px-3 py-2 text-base text-text-primary placeholder:text-text-tertiary focus:outline-2 focus:outline-ring-primary sm:text-sm"
      />
      <div className="min-h-0 flex-1 overflow-y-auto">
        {isPending ? (
          <ul aria-label={t('com_ui_prompts_loading')} aria-busy="true">
            {Array.from({ length: SKELETON_ROWS }, (_, index) => (
              <li
                key={index}
                data-testid="prompt-skeleton"
                className="my-1 h-12 animate-pulse rounded-lg bg-surface-secondary"
              />
            ))}
          </ul>
        ) : groups.length === 0 ? (
          <p className="px-2 py-6 text-center text-sm text-text-secondary">{t('com_ui_prompts_nothing_found')}</p>
        ) : (
          <ul aria-label={t('com_ui_prompts_list')}>
            {groups.map((group) => (
              <GroupRow
                key={group._id}
                group={group}
                editable={group.author === userId || isAdmin}
                onRename={setRenaming}
                onDelete={setDeleting}
              />
            ))}
          </ul>
        )}
      </div>
      <div className="flex items-center justify-between gap-2 text-sm">
        <button
          type="button"
          className={buttonClasses('outline')}
          disabled={pageNumber <= 1}
          onClick={() => goTo(pageNumber - 1)}
        >
          {t('com_ui_prompts_previous')}
        </button>
        <span className="whitespace-nowrap text-text-secondary">
          {t('com_ui_prompts_page', { 0: pageNumber, 1: pages })}
        </span>
        <button
          type="button"
          className={buttonClasses('outline')}
          disabled={pageNumber >= pages}
          onClick={() => goTo(pageNumber + 1)}
        >
          {t('com_ui_prompts_next')}
        </button>
      </div>
      {renaming && <RenameGroupDialog group={renaming} onClose={() => setRenaming(null)} />}
      {deleting && <DeleteGroupDialog group={deleting} onClose={() => setDeleting(null)} onDeleted={onDeleted} />}
    </div>
  );
}
