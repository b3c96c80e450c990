import { Icon } from '@/components/ui/icon';
import { useTranslation } from '@/lib/i18n/react';

interface AgentBuilderToggleProps {
  open: boolean;
  onToggle: () => void;
  /** The panel's id, for aria-controls. */
  controls: string;
}

/** The header button that opens and closes the agent builder beside the chat. */
export function AgentBuilderToggle({ open, onToggle, controls }: AgentBuilderToggleProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-expanded={open}
      aria-controls={open ? controls : undefined}
      aria-label={open ? t('com_ui_agent_builder_close') : t('com_ui_agent_builder_open')}
      title={open ? t('com_ui_agent_builder_close') : t('com_ui_agent_builder_open')}
      className="inline-flex size-9 items-center justify-center rounded-full text-text-secondary transition hover:bg-surface-secondary hover:text-text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring-primary aria-expanded:bg-surface-secondary"
    >
      <Icon className="size-5 shrink-0">
        <rect x="3" y="4" width="18" height="16" rx="2" />
        <path d="M15 4v16" />
      </Icon>
    </button>
  );
}
