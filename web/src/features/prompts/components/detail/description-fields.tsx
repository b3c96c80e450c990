import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { normalizePromptCommand, PROMPT_LIMITS, type PromptGroup } from '@contract/prompts';
import { useTranslation } from '@/lib/i18n/react';
import { CountedField } from '../counted-field';

/** Saving waits for a pause in typing, so one edit is one request. */
const DESCRIPTION_SAVE_DEBOUNCE_MS = 950;

/** Saves `value` once it has rested, unless it is what is already saved or was just sent. */
function useDebouncedSave(value: string, saved: string, save: (value: string) => void) {
  const sent = useRef(saved);
  const send = useEffectEvent((next: string) => {
    sent.current = next;
    save(next);
  });
  useEffect(() => {
    if (value === saved || value === sent.current) return;
    const timer = setTimeout(() => send(value), DESCRIPTION_SAVE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, saved]);
}

type DescriptionFieldsProps = {
  group: PromptGroup;
  canEdit: boolean;
  onSave: (fields: { oneliner?: string; command?: string }) => void;
};

/** The one-line description and the `/` command, saved as they are typed. */
export function DescriptionFields({ group, canEdit, onSave }: DescriptionFieldsProps) {
  const { t } = useTranslation();
  const [oneliner, setOneliner] = useState(group.oneliner);
  const [command, setCommand] = useState(group.command ?? '');
  useDebouncedSave(oneliner, group.oneliner, (value) => onSave({ oneliner: value }));
  useDebouncedSave(command, group.command ?? '', (value) => onSave({ command: value }));

  return (
    <div className="flex flex-col gap-3">
      <CountedField
        label={t('com_ui_prompt_oneliner')}
        value={oneliner}
        max={PROMPT_LIMITS.onelinerMax}
        onChange={setOneliner}
        readOnly={!canEdit}
        testId="prompt-oneliner"
      />
      <CountedField
        label={t('com_ui_prompt_command')}
        value={command}
        max={PROMPT_LIMITS.commandMax}
        hint={t('com_ui_prompt_command_hint')}
        onChange={(value) => setCommand(normalizePromptCommand(value))}
        readOnly={!canEdit}
        testId="prompt-command"
      />
    </div>
  );
}
