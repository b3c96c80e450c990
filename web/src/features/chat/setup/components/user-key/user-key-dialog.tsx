import { type FormEvent, useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DangerButton } from '@/components/ui/danger-button';
import { Dialog } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import type { TranslationKey } from '@/lib/i18n/keys';
import { useTranslation } from '@/lib/i18n/react';
import { useRevokeUserKey } from '../../api/revoke-user-key';
import { useUpdateUserKey } from '../../api/update-user-key';
import { useUserKeyStatus } from '../../hooks/use-user-key-status';
import type { EndpointOption } from '../../lib/endpoint-options';
import {
  DEFAULT_KEY_EXPIRY,
  expiresAtFor,
  isKeyExpiryChoice,
  KEY_EXPIRY_CHOICES,
  type KeyExpiryChoice,
} from '../../lib/key-expiry';
import {
  buildUserKeyValue,
  isValidBaseURL,
  OPTIONAL_KEY_FIELDS,
  type UserKeyField,
  userKeyFields,
} from '../../lib/user-key-value';
import { KeyStatusText } from './key-status-text';

const FIELD_LABELS: Record<UserKeyField, TranslationKey> = {
  apiKey: 'com_endpoint_config_key_api_key',
  baseURL: 'com_endpoint_config_key_base_url',
  accessKeyId: 'com_endpoint_config_key_access_key_id',
  secretAccessKey: 'com_endpoint_config_key_secret_access_key',
  sessionToken: 'com_endpoint_config_key_session_token',
};

/** Secrets are masked; ids and URLs are not (they must be checked by eye). */
const FIELD_TYPES: Record<UserKeyField, 'password' | 'text' | 'url'> = {
  apiKey: 'password',
  baseURL: 'url',
  accessKeyId: 'text',
  secretAccessKey: 'password',
  sessionToken: 'password',
};

export type UserKeyDialogProps = {
  endpoint: EndpointOption;
  open: boolean;
  onClose: () => void;
};

/**
 * Sets or revokes the user's own key (and base URL) for an endpoint that takes one. The key
 * is never read back: the dialog only shows whether one is set and until when.
 */
export function UserKeyDialog({ endpoint, open, onClose }: UserKeyDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="sm"
      title={t('com_endpoint_config_key_for', { name: endpoint.label })}
      description={t('com_endpoint_config_key_description')}
    >
      <UserKeyForm endpoint={endpoint} onDone={onClose} />
    </Dialog>
  );
}

function UserKeyForm({ endpoint, onDone }: { endpoint: EndpointOption; onDone: () => void }) {
  const { t } = useTranslation();
  const expiryId = useId();
  const fields = userKeyFields(endpoint);
  const status = useUserKeyStatus(endpoint.name);
  const [values, setValues] = useState<Partial<Record<UserKeyField, string>>>({});
  const [expiry, setExpiry] = useState<KeyExpiryChoice>(DEFAULT_KEY_EXPIRY);
  const [invalid, setInvalid] = useState<UserKeyField | null>(null);
  const save = useUpdateUserKey();
  const revoke = useRevokeUserKey();
  const failure = save.error ?? revoke.error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const baseURL = values.baseURL ?? '';
    if (fields.includes('baseURL') && !isValidBaseURL(baseURL)) {
      setInvalid('baseURL');
      return;
    }
    const value = buildUserKeyValue(fields, values);
    if (value === null) {
      setInvalid(fields.find((field) => !OPTIONAL_KEY_FIELDS.includes(field) && !values[field]?.trim()) ?? null);
      return;
    }
    setInvalid(null);
    save.mutate({ name: endpoint.name, value, expiresAt: expiresAtFor(expiry) }, { onSuccess: onDone });
  };

  const fieldError = (field: UserKeyField) => {
    if (invalid !== field) return null;
    return field === 'baseURL' ? t('com_endpoint_config_key_base_url_invalid') : t('com_endpoint_config_key_required');
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p role="status" className="flex items-center gap-2 text-sm text-text-secondary">
        <KeyStatusText status={status} />
      </p>
      {fields.map((field) => (
        <TextField
          key={field}
          label={t(FIELD_LABELS[field])}
          type={FIELD_TYPES[field]}
          autoComplete="off"
          spellCheck={false}
          value={values[field] ?? ''}
          error={fieldError(field)}
          onChange={(event) => setValues((previous) => ({ ...previous, [field]: event.target.value }))}
        />
      ))}
      <div>
        <label htmlFor={expiryId} className="mb-1.5 block text-sm font-medium text-text-primary">
          {t('com_endpoint_config_key_expiry')}
        </label>
        <SelectField
          id={expiryId}
          value={expiry}
          onChange={(event) => isKeyExpiryChoice(event.target.value) && setExpiry(event.target.value)}
          options={KEY_EXPIRY_CHOICES.map((choice) => ({ value: choice.id, label: t(choice.label) }))}
        />
      </div>
      {failure && <Alert>{failure.message || t('com_endpoint_config_key_error')}</Alert>}
      <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:items-center">
        {status.isSet && (
          <DangerButton
            disabled={revoke.isPending}
            onClick={() => {
              save.reset();
              revoke.mutate(endpoint.name);
            }}
          >
            {t('com_endpoint_config_key_revoke')}
          </DangerButton>
        )}
        <div className="flex flex-col-reverse gap-2 sm:ms-auto sm:flex-row">
          <Button variant="outline" onClick={onDone}>
            {t('com_endpoint_cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('com_endpoint_save')}
          </Button>
        </div>
      </div>
    </form>
  );
}
