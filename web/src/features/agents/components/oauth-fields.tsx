import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useTranslation } from '@/lib/i18n/react';
import type { SaveActionBody, TokenExchangeMethod } from '../api/actions';

export interface OAuthSettings {
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  scope: string;
  exchange: TokenExchangeMethod;
}

export const EMPTY_OAUTH: OAuthSettings = {
  clientId: '',
  clientSecret: '',
  authorizationUrl: '',
  tokenUrl: '',
  scope: '',
  exchange: 'default_post',
};

/** The metadata an OAuth action is saved with, in LibreChat's field names; empty secrets are left out (kept as stored). */
export function oauthMetadata(
  settings: OAuthSettings,
): Pick<SaveActionBody['metadata'], 'auth' | 'oauth_client_id' | 'oauth_client_secret'> {
  return {
    auth: {
      type: 'oauth',
      authorization_url: settings.authorizationUrl.trim(),
      client_url: settings.tokenUrl.trim(),
      scope: settings.scope.trim(),
      token_exchange_method: settings.exchange,
    },
    ...(settings.clientId.trim() ? { oauth_client_id: settings.clientId.trim() } : {}),
    ...(settings.clientSecret ? { oauth_client_secret: settings.clientSecret } : {}),
  };
}

/** The client's settings of an action whose users each sign in at the API's identity provider. */
export function OAuthFields({
  id,
  value,
  onChange,
}: {
  /** Unique on the page: the exchange select's label points at it. */
  id: string;
  value: OAuthSettings;
  onChange: (next: OAuthSettings) => void;
}) {
  const { t } = useTranslation();
  const field = (key: Exclude<keyof OAuthSettings, 'exchange'>, label: string, secret = false) => (
    <TextField
      label={label}
      {...(secret ? { type: 'password', autoComplete: 'off' } : {})}
      value={value[key]}
      onChange={(event) => onChange({ ...value, [key]: event.target.value })}
    />
  );
  return (
    <>
      {field('clientId', t('com_agents_action_oauth_client_id'))}
      {field('clientSecret', t('com_agents_action_oauth_client_secret'), true)}
      {field('authorizationUrl', t('com_agents_action_oauth_auth_url'))}
      {field('tokenUrl', t('com_agents_action_oauth_token_url'))}
      {field('scope', t('com_agents_action_oauth_scope'))}
      <label className="block text-sm font-medium" htmlFor={id}>
        {t('com_agents_action_oauth_exchange')}
      </label>
      <SelectField
        id={id}
        value={value.exchange}
        onChange={(event) => onChange({ ...value, exchange: event.target.value as TokenExchangeMethod })}
        options={[
          { value: 'default_post', label: t('com_agents_action_oauth_exchange_post') },
          { value: 'basic_auth_header', label: t('com_agents_action_oauth_exchange_basic') },
        ]}
      />
    </>
  );
}
