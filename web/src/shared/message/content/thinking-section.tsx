import { useId, useState } from 'react';
import { useTranslation } from '@/lib/i18n/react';
import { useChatPreferences } from '@/shared/preferences/chat-preferences';
import { ChevronDownIcon } from '../icons';
import { Markdown } from './rich-text';

/**
 * A reply's reasoning, under a "Thoughts" toggle. The user's setting only decides how it starts
 * (open or closed): toggling one section later is theirs to keep, so the setting is read once.
 */
export function ThinkingSection({ text, isStreaming }: { text: string; isStreaming: boolean }) {
  const { t } = useTranslation();
  const { showThinking } = useChatPreferences();
  const [open, setOpen] = useState(showThinking);
  const contentId = useId();
  return (
    <div className="my-2">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={contentId}
        onClick={() => setOpen((value) => !value)}
        className="-ms-1.5 inline-flex items-center gap-1 rounded-md px-1.5 py-1 text-sm font-medium text-text-secondary hover:bg-surface-secondary hover:text-text-primary focus-visible:outline-2 focus-visible:outline-ring-primary"
      >
        {t('com_ui_thoughts')}
        <ChevronDownIcon className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <div
        id={contentId}
        hidden={!open}
        className="mt-1 border-s-2 border-border-medium ps-3 text-sm leading-6 text-text-secondary [&_li]:leading-6 [&_p]:my-2 [&_p]:leading-6"
      >
        {open && <Markdown content={text} isStreaming={isStreaming} />}
      </div>
    </div>
  );
}
