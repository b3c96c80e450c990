import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api/api-error';
import { useTranslation } from '@/lib/i18n/react';
import type { AgentTool } from '../api/tools';
import { useSaveUserPlugin, useToolAuth } from '../api/user-plugins';

type AuthField = NonNullable<AgentTool['authConfig']>[number];

/**
 * Under a tool that needs credentials: a form for the user's own values when the tool is not
 * ready yet, or a way to remove them when the tool runs with the user's own values. A tool the
 * server's operator set up shows nothing.
 */
export function ToolCredentials({ tool }: { tool: AgentTool }) {
  const fields = tool.authConfig ?? [];
  if (fields.length === 0) return null;
  return tool.authenticated ? <RemoveOwnKey tool={tool} /> : <CredentialsForm tool={tool} fields={fields} />;
}

function RemoveOwnKey({ tool }: { tool: AgentTool }) {
  const { t } = useTranslation();
  const status = useToolAuth(tool.pluginKey, true);
  const save = useSaveUserPlugin();
  if (!status.data?.authenticated || status.data.message !== 'user_provided') return null;
  return (
    <div className="flex flex-wrap items-center gap-2 pb-2 ps-9 text-sm text-text-secondary">
      <span>{t('com_agents_tool_own_key_saved')}</span>
      <Button
        variant="ghost"
        className="px-2 py-1"
        loading={save.isPending}
        aria-label={t('com_agents_tool_remove_key_of', { name: tool.name })}
        onClick={() => save.mutate({ pluginKey: tool.pluginKey, action: 'uninstall', isEntityTool: true })}
      >
        {t('com_agents_tool_remove_key')}
      </Button>
      {save.isError && <p className="w-full text-text-destructive">{t('com_agents_tool_remove_failed')}</p>}
    </div>
  );
}

/** The env names a field takes: one, or each alternative of an `A||B` field. */
const namesOf = (field: AuthField) => field.authField.split('||');

function CredentialsForm({ tool, fields }: { tool: AgentTool; fields: AuthField[] }) {
  const { t } = useTranslation();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState(false);
  const save = useSaveUserPlugin();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const auth = Object.fromEntries(
      Object.entries(values)
        .map(([name, value]) => [name, value.trim()] as const)
        .filter(([, value]) => value !== ''),
    );
    // Every field needs a value (for an `A||B` field, one of its alternatives).
    if (!fields.every((field) => namesOf(field).some((name) => name in auth))) return setMissing(true);
    setMissing(false);
    save.mutate(
      { pluginKey: tool.pluginKey, action: 'install', auth, isEntityTool: true },
      { onSuccess: () => setValues({}) },
    );
  };
  const set = (name: string, value: string) => setValues((current) => ({ ...current, [name]: value }));
  const failure =
    save.error instanceof ApiError ? save.error.message : save.error ? t('com_agents_tool_key_failed') : null;

  return (
    <div className="pb-2 ps-9">
      <Button
        variant="outline"
        className="px-2 py-1"
        aria-expanded={open}
        aria-controls={formId}
        aria-label={t('com_agents_tool_add_key_of', { name: tool.name })}
        onClick={() => setOpen(!open)}
      >
        {t('com_agents_tool_add_key')}
      </Button>
      {open && (
        <form
          id={formId}
          className="mt-2 space-y-3"
          aria-label={t('com_agents_tool_key_form', { name: tool.name })}
          onSubmit={submit}
        >
          <p className="text-xs text-text-secondary">{t('com_agents_tool_key_private')}</p>
          {fields.map((field) =>
            namesOf(field).length === 1 ? (
              <TextField
                key={field.authField}
                type="password"
                autoComplete="off"
                label={field.label}
                hint={field.description}
                value={values[field.authField] ?? ''}
                onChange={(event) => set(field.authField, event.target.value)}
              />
            ) : (
              <fieldset key={field.authField} className="space-y-2">
                <legend className="text-sm font-medium text-text-primary">{field.label}</legend>
                <p className="text-xs text-text-secondary">
                  {field.description} {t('com_agents_tool_key_either')}
                </p>
                {namesOf(field).map((name) => (
                  <TextField
                    key={name}
                    type="password"
                    autoComplete="off"
                    label={name}
                    value={values[name] ?? ''}
                    onChange={(event) => set(name, event.target.value)}
                  />
                ))}
              </fieldset>
            ),
          )}
          {missing && <p className="text-sm text-text-destructive">{t('com_agents_tool_key_missing')}</p>}
          {failure && <p className="text-sm text-text-destructive">{failure}</p>}
          <Button type="submit" className="px-3 py-1.5" loading={save.isPending}>
            {t('com_agents_tool_key_save')}
          </Button>
        </form>
      )}
    </div>
  );
}
