import { type FormEvent, useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/select-field';
import { useTranslation } from '@/lib/i18n/react';
import { useCurrentUser } from '@/shared/auth/api/get-current-user';
import { appFilledValues, extractVariables, fillVariables, type PromptVariable } from '../lib/variables';
import '../prompts-chat-i18n';

export type PromptVariablesDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The prompt's text with its `{{variables}}`. */
  promptText: string;
  /** The text with the values put in; the dialog closes itself afterwards. */
  onSubmit: (text: string) => void;
};

/** A text variable's box grows with what is typed, up to eight lines. */
const MAX_ROWS = 8;

function VariableField({
  variable,
  value,
  onChange,
}: {
  variable: PromptVariable;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const label = (
    <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-text-primary">
      {variable.name}
    </label>
  );
  if (variable.options.length > 0) {
    return (
      <div>
        {label}
        <SelectField
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          options={[
            { value: '', label: t('com_ui_prompt_variable_choose') },
            ...variable.options.map((option) => ({ value: option, label: option })),
          ]}
        />
      </div>
    );
  }
  const rows = Math.min(MAX_ROWS, Math.max(1, value.split('\n').length));
  return (
    <div>
      {label}
      <textarea
        id={id}
        rows={rows}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="block w-full resize-none rounded-lg border border-border-medium bg-surface-input px-3 py-2 text-base text-text-primary focus:outline-2 focus:outline-ring-primary sm:text-sm"
      />
    </div>
  );
}

function VariablesForm({ promptText, onSubmit, onOpenChange }: Omit<PromptVariablesDialogProps, 'open'>) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const variables = useMemo(() => extractVariables(promptText), [promptText]);
  const [values, setValues] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const appFilled = appFilledValues(new Date(), user?.name || user?.username || '');
    onSubmit(fillVariables(promptText, values, appFilled));
    onOpenChange(false);
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" data-testid="prompt-variables-form">
      {variables.map((variable) => (
        <VariableField
          key={variable.key}
          variable={variable}
          value={values[variable.key] ?? ''}
          onChange={(value) => setValues((current) => ({ ...current, [variable.key]: value }))}
        />
      ))}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          {t('com_ui_cancel')}
        </Button>
        <Button type="submit">{t('com_ui_prompt_variables_submit')}</Button>
      </div>
    </form>
  );
}

/** Asks for a prompt's variables, each once, and hands back the text with them filled in. */
export function PromptVariablesDialog({ open, onOpenChange, promptText, onSubmit }: PromptVariablesDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={() => onOpenChange(false)}
      title={t('com_ui_prompt_variables_title')}
      description={t('com_ui_prompt_variables_description')}
    >
      {/* Mounted per opening, so every run starts from empty fields. */}
      <VariablesForm promptText={promptText} onSubmit={onSubmit} onOpenChange={onOpenChange} />
    </Dialog>
  );
}
