import { useTranslation } from '@/lib/i18n/react';
import { siblingPosition } from '@/shared/conversation/tree/branch';
import { ChevronLeftIcon, ChevronRightIcon } from '../icons';
import { ActionButton } from './action-button';

interface SiblingNavProps {
  siblingIndex: number;
  siblingCount: number;
  onStep: (offset: number) => void;
}

/** "‹ n / total ›" between a message's versions (edits, regenerations); n counts from 1. */
export function SiblingNav({ siblingIndex, siblingCount, onStep }: SiblingNavProps) {
  const { t } = useTranslation();
  if (siblingCount < 2) return null;
  const { current, total, hasPrevious, hasNext } = siblingPosition(siblingIndex, siblingCount);
  return (
    <div
      role="group"
      aria-label={t('com_ui_sibling_navigation')}
      className="inline-flex items-center text-xs text-text-secondary"
    >
      <ActionButton
        label={t('com_ui_sibling_previous')}
        // Previous points to where reading came from: left, or right in a right-to-left page.
        icon={<ChevronLeftIcon className="size-4 rtl:-scale-x-100" />}
        disabled={!hasPrevious}
        onClick={() => onStep(-1)}
      />
      <span aria-hidden="true" className="min-w-10 text-center tabular-nums">
        {current} / {total}
      </span>
      <span className="sr-only">{t('com_ui_sibling_position', { current, total })}</span>
      <ActionButton
        label={t('com_ui_sibling_next')}
        icon={<ChevronRightIcon className="size-4 rtl:-scale-x-100" />}
        disabled={!hasNext}
        onClick={() => onStep(1)}
      />
    </div>
  );
}
