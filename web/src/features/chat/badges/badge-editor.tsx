import { type KeyboardEvent, type PointerEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icon';
import { useTranslation } from '@/lib/i18n/react';
import { GripIcon, PlusIcon } from './badge-icons';
import { type BadgeId, type BadgeLayout, cancelBadgeEditing, changeBadgeDraft, saveBadgeEditing } from './badge-layout';
import { moveBadgeBy, moveBadgeTo, removeBadge, restoreBadge } from './badge-moves';
import { type ChatBadge, shownBadges } from './use-chat-badges';

interface BadgeEditorProps {
  badges: Record<BadgeId, ChatBadge>;
  draft: BadgeLayout;
}

const STEPS: Record<string, -1 | 1> = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };

const small =
  'inline-flex items-center justify-center rounded-full transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring-primary';

/** The badge element under the pointer, other than the one dragged. */
function badgeAt(list: HTMLElement, x: number, y: number, dragged: BadgeId): BadgeId | null {
  for (const element of list.querySelectorAll<HTMLElement>('[data-badge-id]')) {
    const rect = element.getBoundingClientRect();
    const id = element.dataset.badgeId as BadgeId;
    if (id !== dragged && x >= rect.left && x <= rect.right && y >= rect.top && y <= rect.bottom) return id;
  }
  return null;
}

/**
 * The badge row in edit mode: each badge shows a handle and a remove button. A badge moves by
 * dragging it (mouse, pen or touch) or, focused, with the arrow keys; removed badges are listed
 * below to be added back. Save keeps the draft, Cancel drops it.
 */
export function BadgeEditor({ badges, draft }: BadgeEditorProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [dragging, setDragging] = useState<BadgeId | null>(null);
  const [focusId, setFocusId] = useState<BadgeId | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const shown = shownBadges(badges, draft);
  const removed = draft.order.filter((id) => badges[id].isAvailable && draft.removed.includes(id));

  // Entered from Settings, which has just closed: the keyboard starts on the first badge.
  useEffect(() => {
    listRef.current?.querySelector<HTMLElement>('[data-badge-handle]')?.focus();
  }, []);
  // A moved badge keeps the focus, wherever the list put it; a removed or restored one hands it on.
  useEffect(() => {
    if (focusId) containerRef.current?.querySelector<HTMLElement>(`[data-badge-handle="${focusId}"]`)?.focus();
  }, [focusId, draft]);

  const onKeyDown = (event: KeyboardEvent, id: BadgeId) => {
    const step = STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    const position = shown.indexOf(id) + step;
    if (position < 0 || position >= shown.length) return;
    changeBadgeDraft((layout) => moveBadgeBy(layout, shown, id, step));
    setFocusId(id);
    setAnnouncement(t('com_ui_badge_moved', { name: badges[id].label, position: position + 1, count: shown.length }));
  };

  const onPointerDown = (event: PointerEvent, id: BadgeId) => {
    if (event.button !== 0 || (event.target as HTMLElement).closest('[data-badge-remove]')) return;
    event.preventDefault();
    setDragging(id);
    // Followed on the window: a badge moved in the list would lose a pointer captured on it.
    const onMove = (move: globalThis.PointerEvent) => {
      const list = listRef.current;
      const target = list && badgeAt(list, move.clientX, move.clientY, id);
      if (target) changeBadgeDraft((layout) => moveBadgeTo(layout, id, target));
    };
    const onEnd = () => {
      setDragging(null);
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onEnd);
      window.removeEventListener('pointercancel', onEnd);
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onEnd);
    window.addEventListener('pointercancel', onEnd);
  };

  const remove = (id: BadgeId) => {
    const next = shown[shown.indexOf(id) + 1] ?? shown[shown.indexOf(id) - 1] ?? null;
    changeBadgeDraft((layout) => removeBadge(layout, id));
    // The last badge of the row: focus goes to its "add back" button.
    setFocusId(next ?? id);
    setAnnouncement(t('com_ui_badge_removed', { name: badges[id].label }));
  };

  const restore = (id: BadgeId) => {
    changeBadgeDraft((layout) => restoreBadge(layout, id));
    setFocusId(id);
    setAnnouncement(t('com_ui_badge_restored', { name: badges[id].label }));
  };

  return (
    <div ref={containerRef} className="mt-1.5 rounded-2xl border border-dashed border-border-medium p-2">
      <p id={hintId} className="px-1 pb-2 text-xs text-text-secondary">
        {t('com_ui_badges_edit_hint')}
      </p>
      {shown.length === 0 && removed.length === 0 && (
        <p className="px-1 pb-2 text-sm text-text-secondary">{t('com_ui_badges_none')}</p>
      )}
      <ul ref={listRef} aria-label={t('com_ui_chat_badges')} className="flex flex-wrap gap-2">
        {shown.map((id, index) => (
          <li
            key={id}
            data-badge-id={id}
            onPointerDown={(event) => onPointerDown(event, id)}
            className={`inline-flex touch-none items-center gap-1 rounded-full border border-border-medium bg-surface-primary py-0.5 ps-1 pe-0.5 text-sm text-text-primary select-none motion-safe:transition ${
              dragging === id ? 'cursor-grabbing opacity-60 shadow-md' : 'cursor-grab'
            }`}
          >
            <button
              type="button"
              data-badge-handle={id}
              aria-describedby={hintId}
              aria-label={t('com_ui_badge_position', {
                name: badges[id].label,
                position: index + 1,
                count: shown.length,
              })}
              onKeyDown={(event) => onKeyDown(event, id)}
              className={`${small} gap-1.5 px-1.5 py-1`}
            >
              <GripIcon />
              {badges[id].icon}
              <span>{badges[id].label}</span>
            </button>
            <button
              type="button"
              data-badge-remove
              aria-label={t('com_ui_badge_remove', { name: badges[id].label })}
              title={t('com_ui_badge_remove', { name: badges[id].label })}
              onClick={() => remove(id)}
              className={`${small} size-7 text-text-secondary hover:bg-surface-secondary hover:text-text-primary`}
            >
              <CloseIcon className="size-3.5" />
            </button>
          </li>
        ))}
      </ul>
      {removed.length > 0 && (
        <section aria-labelledby={`${hintId}-removed`} className="mt-3 border-t border-border-light pt-2">
          <h3 id={`${hintId}-removed`} className="px-1 pb-1.5 text-xs font-medium text-text-secondary">
            {t('com_ui_badges_removed')}
          </h3>
          <div className="flex flex-wrap gap-2">
            {removed.map((id) => (
              <button
                key={id}
                type="button"
                data-badge-handle={id}
                aria-label={t('com_ui_badge_add', { name: badges[id].label })}
                onClick={() => restore(id)}
                className={`${small} gap-1.5 border border-dashed border-border-medium px-2.5 py-1 text-sm text-text-secondary hover:bg-surface-secondary hover:text-text-primary`}
              >
                <PlusIcon />
                {badges[id].icon}
                <span>{badges[id].label}</span>
              </button>
            ))}
          </div>
        </section>
      )}
      <div className="mt-3 flex justify-end gap-2">
        <Button variant="ghost" onClick={cancelBadgeEditing}>
          {t('com_ui_cancel')}
        </Button>
        <Button onClick={saveBadgeEditing}>{t('com_ui_save')}</Button>
      </div>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
