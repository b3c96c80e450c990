import { useTranslation } from '@/lib/i18n/react';
import { usePromptGroupsAll } from '@/shared/prompts';
import { type CommandOption, CommandList } from './command-list';
import { showsCommandList } from './lib/command-trigger';
import { hasPromptVariables, type PromptEntry, promptEntries } from './lib/prompt-options';
import { useCommandKeys } from './use-command-keys';

interface SlashPopoverProps {
  /** What was typed after `/`. */
  query: string;
  /** A prompt was chosen: its text replaces what was typed. */
  onInsert(text: string): void;
  /** A prompt with `{{variables}}` was chosen and someone can ask for them; the typed text goes. */
  onPromptWithVariables?: (text: string) => void;
  /** Escape: the list closes and the text stays. */
  onClose(): void;
}

/** The `/` list: the user's prompts (own and shared), filtered by command or name as they type. */
export function SlashPopover({ query, onInsert, onPromptWithVariables, onClose }: SlashPopoverProps) {
  const { t } = useTranslation();
  const prompts = usePromptGroupsAll();
  const entries = promptEntries(prompts.data ?? [], query);

  const choose = (entry: PromptEntry | undefined) => {
    if (!entry) return;
    if (onPromptWithVariables && hasPromptVariables(entry.text)) {
      onInsert('');
      onPromptWithVariables(entry.text);
    } else {
      onInsert(entry.text);
    }
  };

  const shown = showsCommandList(query, entries.length);
  const { active, setActive } = useCommandKeys({
    count: entries.length,
    shown,
    query,
    onChoose: (index) => choose(entries[index]),
    onClose,
  });
  if (!shown) return null;

  const options: CommandOption[] = entries.map((entry) => {
    const about = [entry.command ? `/${entry.command}` : '', entry.oneliner].filter(Boolean).join(' · ');
    return { id: entry.id, label: entry.name, ...(about ? { description: about } : {}) };
  });
  return (
    <CommandList
      label={t('com_ui_prompts_command_list')}
      options={options}
      active={active}
      onChoose={(index) => choose(entries[index])}
      onHover={setActive}
      emptyText={
        prompts.isPending
          ? t('com_ui_loading')
          : prompts.isError
            ? t('com_ui_prompts_command_error')
            : t('com_ui_prompts_command_none')
      }
    />
  );
}
