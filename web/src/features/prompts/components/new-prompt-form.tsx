import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { normalizePromptCommand, PROMPT_LIMITS } from '@contract/prompts';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast-context';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n/react';
import { useCreatePrompt } from '@/shared/prompts/api/prompt-mutations';
import { promptsSettingsStore } from '../lib/editor-settings';
import { CategorySelect } from './category-select';
import { CountedField } from './counted-field';

type Draft = { name: string; category: string; prompt: string; oneliner: string; command: string };

/** The prompt text box: three lines to start, growing to fourteen. */
export const textRows = (text: string) => Math.min(14, Math.max(3, text.split('\n').length));

/** Name, category, text, description and command of a new prompt; it opens once created. */
export function NewPromptForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const create = useCreatePrompt();
  const textId = useId();
  const [initial] = useState<Draft>(() => ({
    name: '',
    category: promptsSettingsStore.get().lastPromptCategory,
    prompt: '',
    oneliner: '',
    command: '',
  }));
  const [draft, setDraft] = useState(initial);
  const [touched, setTouched] = useState({ name: false, prompt: false });
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  const nameError = draft.name.trim() ? null : t('com_ui_prompt_name_required');
  const textError = draft.prompt.trim() ? null : t('com_ui_prompt_text_required');
  const dirty = (Object.keys(draft) as (keyof Draft)[]).some((key) => draft[key] !== initial[key]);
  const canCreate = dirty && !nameError && !textError && !create.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canCreate) return;
    create.mutate(
      {
        prompt: { prompt: draft.prompt, type: 'text' },
        group: {
          name: draft.name.trim(),
          category: draft.category,
          oneliner: draft.oneliner,
          ...(draft.command ? { command: draft.command } : {}),
        },
      },
      {
        onSuccess: (result) => {
          promptsSettingsStore.set('lastPromptCategory', draft.category);
          void navigate(paths.dashboard.prompt.getHref(result.group?._id ?? result.prompt.groupId));
        },
        onError: () => showToast({ message: t('com_ui_prompt_create_error'), severity: 'error' }),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="mx-auto flex w-full max-w-3xl flex-col gap-4 p-4 sm:p-6">
      <h1 className="text-xl font-semibold">{t('com_ui_create_prompt')}</h1>
      <TextField
        label={t('com_ui_prompt_name')}
        value={draft.name}
        maxLength={PROMPT_LIMITS.nameMax}
        onChange={(event) => set('name', event.target.value)}
        onBlur={() => setTouched((current) => ({ ...current, name: true }))}
        error={touched.name ? nameError : null}
      />
      <div>
        <label htmlFor={`${textId}-category`} className="mb-1.5 block text-sm font-medium">
          {t('com_ui_prompt_category')}
        </label>
        <CategorySelect
          id={`${textId}-category`}
          value={draft.category}
          onChange={(value) => set('category', value)}
          leading={[{ value: '', label: t('com_ui_prompt_no_category') }]}
        />
      </div>
      <div>
        <label htmlFor={textId} className="mb-1.5 block text-sm font-medium">
          {t('com_ui_prompt_text')}
        </label>
        <textarea
          id={textId}
          rows={textRows(draft.prompt)}
          value={draft.prompt}
          onChange={(event) => set('prompt', event.target.value)}
          onBlur={() => setTouched((current) => ({ ...current, prompt: true }))}
          aria-invalid={touched.prompt && textError ? true : undefined}
          aria-describedby={`${textId}-hint ${textId}-error`}
          className="block w-full rounded-lg border border-border-medium bg-surface-input px-3 py-2 text-base focus:outline-2 focus:outline-ring-primary sm:text-sm"
        />
        <p id={`${textId}-hint`} className="mt-1 text-xs text-text-secondary">
          {t('com_ui_prompt_text_hint', { 0: '{{name}}', 1: '{{name:one|two}}' })}
        </p>
        <p id={`${textId}-error`} className="mt-1 text-sm text-text-destructive">
          {touched.prompt ? textError : null}
        </p>
      </div>
      <CountedField
        label={t('com_ui_prompt_oneliner')}
        value={draft.oneliner}
        max={PROMPT_LIMITS.onelinerMax}
        onChange={(value) => set('oneliner', value)}
      />
      <CountedField
        label={t('com_ui_prompt_command')}
        value={draft.command}
        max={PROMPT_LIMITS.commandMax}
        hint={t('com_ui_prompt_command_hint')}
        onChange={(value) => set('command', normalizePromptCommand(value))}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={!canCreate} loading={create.isPending} data-testid="create-prompt-submit">
          {t('com_ui_prompt_create')}
        </Button>
      </div>
    </form>
  );
}
