import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api/api-error';
import { useTranslation } from '@/lib/i18n/react';
import {
  type ApiKeyScheme,
  type SaveActionBody,
  useAgentActions,
  useDeleteAction,
  useSaveAction,
} from '../api/actions';
import { domainOfSpec } from '../lib/openapi-domain';
import { EMPTY_OAUTH, OAuthFields, oauthMetadata } from './oauth-fields';

type AuthChoice = 'none' | ApiKeyScheme | 'oauth';

/**
 * The agent's actions: each listed by its domain with a delete button, then a form to add one
 * from an OpenAPI document (JSON or YAML) with its authentication. The server reads the
 * document; every problem it finds is shown on a line of its own.
 */
export function ActionsEditor({ agentId, readOnly }: { agentId: string; readOnly: boolean }) {
  const { t } = useTranslation();
  const actions = useAgentActions(agentId);
  const save = useSaveAction();
  const remove = useDeleteAction();
  const [spec, setSpec] = useState('');
  const [domain, setDomain] = useState('');
  const [auth, setAuth] = useState<AuthChoice>('none');
  const [apiKey, setApiKey] = useState('');
  const [header, setHeader] = useState('');
  const [oauth, setOAuth] = useState(EMPTY_OAUTH);
  const [problems, setProblems] = useState<string[]>([]);

  const submit = () => {
    const chosenDomain = domain.trim() || domainOfSpec(spec) || '';
    const base = { domain: chosenDomain, raw_spec: spec };
    const metadata: SaveActionBody['metadata'] =
      auth === 'oauth'
        ? { ...base, ...oauthMetadata(oauth) }
        : {
            ...base,
            auth:
              auth === 'none'
                ? { type: 'none' }
                : {
                    type: 'service_http',
                    authorization_type: auth,
                    ...(auth === 'custom' ? { custom_auth_header: header.trim() } : {}),
                  },
            ...(auth !== 'none' && apiKey ? { api_key: apiKey } : {}),
          };
    setProblems([]);
    save.mutate(
      { agentId, body: { metadata } },
      {
        onSuccess: () => {
          setSpec('');
          setDomain('');
          setApiKey('');
          setOAuth(EMPTY_OAUTH);
        },
        onError: (error) => {
          const message = error instanceof ApiError ? error.message : t('com_agents_save_failed');
          setProblems(message.split('\n').filter((line) => line.trim() !== ''));
        },
      },
    );
  };

  return (
    <section aria-label={t('com_agents_actions')} className="space-y-3">
      <h3 className="text-sm font-medium text-text-primary">{t('com_agents_actions')}</h3>
      {(actions.data ?? []).length > 0 && (
        <ul className="space-y-1">
          {(actions.data ?? []).map((action) => (
            <li key={action.action_id} className="flex items-center justify-between gap-2 text-sm">
              <span className="truncate">{action.metadata.domain}</span>
              {!readOnly && (
                <Button
                  variant="ghost"
                  aria-label={t('com_agents_action_delete', { domain: action.metadata.domain })}
                  onClick={() => remove.mutate({ agentId, actionId: action.action_id })}
                >
                  {t('com_ui_delete')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {!readOnly && (
        <div className="space-y-2 rounded-lg border border-border-light p-3">
          <label className="block text-sm font-medium" htmlFor={`spec-${agentId}`}>
            {t('com_agents_action_spec')}
          </label>
          <textarea
            id={`spec-${agentId}`}
            value={spec}
            onChange={(event) => setSpec(event.target.value)}
            rows={6}
            spellCheck={false}
            className="block w-full rounded-lg border border-border-medium bg-surface-input p-2 font-mono text-xs text-text-primary focus:outline-2 focus:outline-ring-primary"
          />
          <TextField
            label={t('com_agents_action_domain')}
            hint={t('com_agents_action_domain_hint')}
            value={domain}
            placeholder={domainOfSpec(spec) ?? ''}
            onChange={(event) => setDomain(event.target.value)}
          />
          <label className="block text-sm font-medium" htmlFor={`auth-${agentId}`}>
            {t('com_agents_action_auth')}
          </label>
          <SelectField
            id={`auth-${agentId}`}
            value={auth}
            onChange={(event) => setAuth(event.target.value as AuthChoice)}
            options={[
              { value: 'none', label: t('com_agents_action_auth_none') },
              { value: 'bearer', label: t('com_agents_action_auth_bearer') },
              { value: 'basic', label: t('com_agents_action_auth_basic') },
              { value: 'custom', label: t('com_agents_action_auth_custom') },
              { value: 'oauth', label: t('com_agents_action_auth_oauth') },
            ]}
          />
          {auth === 'oauth' && <OAuthFields id={`oauth-exchange-${agentId}`} value={oauth} onChange={setOAuth} />}
          {auth !== 'none' && auth !== 'oauth' && (
            <TextField
              label={t('com_agents_action_api_key')}
              type="password"
              autoComplete="off"
              value={apiKey}
              onChange={(event) => setApiKey(event.target.value)}
            />
          )}
          {auth === 'custom' && (
            <TextField
              label={t('com_agents_action_header')}
              value={header}
              onChange={(event) => setHeader(event.target.value)}
            />
          )}
          {problems.length > 0 && (
            <ul role="alert" className="space-y-0.5 text-sm text-text-destructive">
              {problems.map((problem, index) => (
                <li key={index}>{problem}</li>
              ))}
            </ul>
          )}
          <Button onClick={submit} loading={save.isPending} disabled={spec.trim() === ''}>
            {t('com_agents_action_save')}
          </Button>
        </div>
      )}
    </section>
  );
}
