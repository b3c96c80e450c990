import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ROLES, type Role, type RoleResponse } from '@contract/auth';
import { Button } from '@/components/ui/button';
import { DangerButton } from '@/components/ui/danger-button';
import { Dialog } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast-context';
import { useTranslation } from '@/lib/i18n/react';
import { roleQueryOptions } from '@/shared/config/api/get-role';
import { type PromptsPermissions, useUpdateRolePrompts } from '../api/update-role-prompts';
import { SwitchRow } from './switch-row';

const fromRole = (role: RoleResponse): PromptsPermissions => ({
  SHARED_GLOBAL: role.permissions.PROMPTS?.SHARED_GLOBAL === true,
  CREATE: role.permissions.PROMPTS?.CREATE === true,
  USE: role.permissions.PROMPTS?.USE === true,
});

function RoleForm({ role, initial, onDone }: { role: Role; initial: PromptsPermissions; onDone: () => void }) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const update = useUpdateRolePrompts();
  const [values, setValues] = useState(initial);
  const [confirmingUseOff, setConfirmingUseOff] = useState(false);
  const set = (name: keyof PromptsPermissions, value: boolean) =>
    setValues((current) => ({ ...current, [name]: value }));

  const setUse = (value: boolean) => {
    // Admins switching their own access off lose this dialog too: ask first.
    if (role === 'ADMIN' && !value) setConfirmingUseOff(true);
    else set('USE', value);
  };

  const save = () =>
    update.mutate(
      { role, permissions: values },
      {
        onSuccess: () => {
          showToast({ message: t('com_ui_saved'), severity: 'success' });
          onDone();
        },
        onError: () => showToast({ message: t('com_ui_error_save_admin_settings'), severity: 'error' }),
      },
    );

  return (
    <div className="flex flex-col gap-1" data-testid="prompts-admin-form">
      <SwitchRow
        label={t('com_ui_prompts_admin_share')}
        checked={values.SHARED_GLOBAL}
        onChange={(value) => set('SHARED_GLOBAL', value)}
      />
      <SwitchRow
        label={t('com_ui_prompts_admin_create')}
        checked={values.CREATE}
        onChange={(value) => set('CREATE', value)}
      />
      <SwitchRow label={t('com_ui_prompts_admin_use')} checked={values.USE} onChange={setUse}>
        {role === 'ADMIN' && (
          <p className="mt-1 text-xs text-text-destructive">{t('com_ui_prompts_admin_use_warning')}</p>
        )}
      </SwitchRow>
      <div className="mt-3 flex justify-end">
        <Button onClick={save} loading={update.isPending}>
          {t('com_ui_save')}
        </Button>
      </div>
      <Dialog
        open={confirmingUseOff}
        onClose={() => setConfirmingUseOff(false)}
        title={t('com_ui_prompts_admin_confirm_title')}
        description={t('com_ui_prompts_admin_confirm')}
        size="sm"
      >
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setConfirmingUseOff(false)}>
            {t('com_ui_cancel')}
          </Button>
          <DangerButton
            onClick={() => {
              set('USE', false);
              setConfirmingUseOff(false);
            }}
          >
            {t('com_ui_prompts_admin_confirm_button')}
          </DangerButton>
        </div>
      </Dialog>
    </div>
  );
}

/** Admins only: which roles may share, create and use prompts, saved one role at a time. */
export function AdminSettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [role, setRole] = useState<Role>('USER');
  const { data, isError } = useQuery({ ...roleQueryOptions(role), enabled: open });

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('com_ui_prompts_admin_title')}
      description={t('com_ui_prompts_admin_description')}
      size="sm"
    >
      <label className="mb-1.5 block text-sm font-medium text-text-primary" htmlFor="prompts-admin-role">
        {t('com_ui_prompts_admin_role')}
      </label>
      <SelectField
        id="prompts-admin-role"
        value={role}
        onChange={(event) => setRole(ROLES.find((name) => name === event.target.value) ?? 'USER')}
        options={ROLES.map((name) => ({ value: name, label: name }))}
      />
      <div className="mt-3">
        {data?.name === role ? (
          // Keyed by role: switching the role starts from that role's saved flags.
          <RoleForm key={role} role={role} initial={fromRole(data)} onDone={onClose} />
        ) : isError ? (
          <p className="text-sm text-text-destructive">{t('com_ui_error_save_admin_settings')}</p>
        ) : (
          <Spinner />
        )}
      </div>
    </Dialog>
  );
}
