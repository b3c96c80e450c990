import { type DragEvent, useRef, useState } from 'react';
import type { Tag } from '@contract/tags';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast-context';
import { useTranslation } from '@/lib/i18n/react';
import '../bookmarks-i18n';
import { useTags } from '../api/get-tags';
import { useMoveTag } from '../api/update-tag';
import { tagErrorText } from '../lib/tag-error-text';
import { BookmarkEditDialog } from './bookmark-edit-dialog';
import { DeleteBookmarkDialog } from './delete-bookmark-dialog';
import { ArrowIcon, GripIcon, PencilIcon, PlusIcon, TrashIcon } from './icons';

type BookmarksManagerProps = { open: boolean; onClose: () => void };

/**
 * The bookmarks manager (LibreChat's bookmark table): every bookmark with how many chats carry
 * it; create, edit, delete, and reorder by dragging or with the move buttons.
 */
export function BookmarksManager({ open, onClose }: BookmarksManagerProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="md"
      title={t('com_ui_bookmarks')}
      description={t('com_ui_bookmarks_reorder_hint')}
    >
      <BookmarksTable />
    </Dialog>
  );
}

/** Which move button had focus, so it keeps it after its row moved (a moved node loses focus). */
type MoveFocus = { id: string; direction: 'up' | 'down' };

const iconButtonClasses =
  'inline-flex size-8 items-center justify-center rounded-lg text-text-secondary transition hover:bg-surface-secondary hover:text-text-primary focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring-primary disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent';

function BookmarksTable() {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const tags = useTags(true, { refetchOnOpen: true });
  const move = useMoveTag();
  const [editing, setEditing] = useState<Tag | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const list = tags.data ?? [];

  const moveTo = (from: number, to: number, focus?: MoveFocus) => {
    const tag = list[from];
    if (!tag || to < 0 || to >= list.length || to === from) return;
    move.mutate(
      { name: tag.tag, from, to },
      {
        onError: (error) =>
          showToast({ severity: 'error', message: tagErrorText(error, t('com_ui_bookmarks_move_error')) }),
      },
    );
    setAnnouncement(t('com_ui_bookmarks_moved', { tag: tag.tag, position: to + 1, total: list.length }));
    if (focus) {
      // At the top or bottom its button is disabled: the other one takes the focus.
      const edge = (focus.direction === 'up' && to === 0) || (focus.direction === 'down' && to === list.length - 1);
      const direction = edge ? (focus.direction === 'up' ? 'down' : 'up') : focus.direction;
      requestAnimationFrame(() => buttons.current.get(`${focus.id}:${direction}`)?.focus());
    }
  };

  const endDrag = () => {
    setDragFrom(null);
    setDropAt(null);
  };

  const dragHandlers = (index: number, tag: Tag) => ({
    draggable: true,
    onDragStart: (event: DragEvent) => {
      // Firefox starts a drag only with some data set.
      event.dataTransfer?.setData('text/plain', tag.tag);
      if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
      setDragFrom(index);
    },
    onDragOver: (event: DragEvent) => {
      if (dragFrom === null) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'move';
      if (dropAt !== index) setDropAt(index);
    },
    onDrop: (event: DragEvent) => {
      if (dragFrom === null) return;
      event.preventDefault();
      moveTo(dragFrom, index);
      endDrag();
    },
    onDragEnd: endDrag,
  });

  const buttonRef = (key: string) => (element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(key, element);
    else buttons.current.delete(key);
  };

  return (
    <div className="flex flex-col gap-4">
      <div>
        <Button variant="outline" onClick={() => setEditing('new')}>
          <PlusIcon />
          {t('com_ui_bookmarks_new')}
        </Button>
      </div>
      {tags.isPending && (
        <p role="status" className="flex items-center gap-2 text-sm text-text-secondary">
          <Spinner />
          {t('com_ui_loading')}
        </p>
      )}
      {tags.isError && !tags.data && <Alert>{tagErrorText(tags.error, t('com_ui_bookmarks_load_error'))}</Alert>}
      {tags.isSuccess && list.length === 0 && <p className="text-sm text-text-secondary">{t('com_ui_no_bookmarks')}</p>}
      {list.length > 0 && (
        <table className="w-full table-fixed border-collapse text-sm">
          <thead>
            <tr className="border-b border-border-light text-start text-xs font-medium uppercase text-text-secondary">
              <th scope="col" className="w-8 py-2">
                <span className="sr-only">{t('com_ui_bookmarks_order')}</span>
              </th>
              <th scope="col" className="py-2">
                {t('com_ui_bookmarks_title')}
              </th>
              <th scope="col" className="w-16 py-2 text-end">
                {t('com_ui_bookmarks_count')}
              </th>
              <th scope="col" className="w-36 py-2 text-end">
                <span className="sr-only">{t('com_ui_bookmarks_actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((tag, index) => (
              <tr
                key={tag._id}
                data-testid="bookmark-row"
                {...dragHandlers(index, tag)}
                className={`border-b border-border-light align-middle ${dragFrom === index ? 'opacity-50' : ''} ${
                  dropAt === index && dragFrom !== index ? 'bg-surface-secondary' : ''
                }`}
              >
                <td className="py-2">
                  {/* Pointer only; the move buttons are the keyboard's way. */}
                  <span
                    aria-hidden="true"
                    title={t('com_ui_bookmarks_drag_handle', { tag: tag.tag })}
                    className="inline-flex cursor-grab text-text-tertiary active:cursor-grabbing"
                  >
                    <GripIcon />
                  </span>
                </td>
                <td className="min-w-0 py-2 pe-2">
                  <div className="truncate font-medium" title={tag.tag}>
                    {tag.tag}
                  </div>
                  {tag.description && (
                    <div className="truncate text-xs text-text-secondary" title={tag.description}>
                      {tag.description}
                    </div>
                  )}
                </td>
                <td className="py-2 text-end tabular-nums">
                  <span aria-hidden="true">{tag.count}</span>
                  <span className="sr-only">{t('com_ui_bookmarks_count_of', { count: tag.count })}</span>
                </td>
                <td className="py-2">
                  <div className="flex justify-end gap-0.5">
                    <button
                      ref={buttonRef(`${tag._id}:up`)}
                      type="button"
                      aria-label={t('com_ui_bookmarks_move_up', { tag: tag.tag })}
                      title={t('com_ui_bookmarks_move_up', { tag: tag.tag })}
                      disabled={index === 0}
                      onClick={() => moveTo(index, index - 1, { id: tag._id, direction: 'up' })}
                      className={iconButtonClasses}
                    >
                      <ArrowIcon direction="up" />
                    </button>
                    <button
                      ref={buttonRef(`${tag._id}:down`)}
                      type="button"
                      aria-label={t('com_ui_bookmarks_move_down', { tag: tag.tag })}
                      title={t('com_ui_bookmarks_move_down', { tag: tag.tag })}
                      disabled={index === list.length - 1}
                      onClick={() => moveTo(index, index + 1, { id: tag._id, direction: 'down' })}
                      className={iconButtonClasses}
                    >
                      <ArrowIcon direction="down" />
                    </button>
                    <button
                      type="button"
                      aria-label={t('com_ui_bookmarks_edit_named', { tag: tag.tag })}
                      title={t('com_ui_bookmarks_edit_named', { tag: tag.tag })}
                      onClick={() => setEditing(tag)}
                      className={iconButtonClasses}
                    >
                      <PencilIcon />
                    </button>
                    <button
                      type="button"
                      aria-label={t('com_ui_bookmarks_delete_named', { tag: tag.tag })}
                      title={t('com_ui_bookmarks_delete_named', { tag: tag.tag })}
                      onClick={() => setDeleting(tag)}
                      className={`${iconButtonClasses} hover:text-text-destructive`}
                    >
                      <TrashIcon />
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <BookmarkEditDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        tag={editing === 'new' || editing === null ? undefined : editing}
      />
      <DeleteBookmarkDialog tag={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
