import { useId } from 'react';
import { ApiError } from '@/lib/api/api-error';
import { useTranslation } from '@/lib/i18n/react';
import { AgentAvatar } from '@/shared/agents/agent-avatar';
import { useUploadAgentAvatar } from '../api/agent-mutations';

interface AvatarFieldProps {
  agentId: string;
  name: string;
  avatarUrl: string | undefined;
  readOnly: boolean;
}

/** The agent's picture; its editors pick a new image file, which is uploaded at once. */
export function AvatarField({ agentId, name, avatarUrl, readOnly }: AvatarFieldProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const upload = useUploadAgentAvatar();
  const error =
    upload.error instanceof ApiError ? upload.error.message : upload.error ? t('com_agents_avatar_failed') : null;
  return (
    <div className="flex items-center gap-3">
      <AgentAvatar name={name || '?'} avatarUrl={avatarUrl} className="size-14 text-lg" />
      {!readOnly && (
        <div className="text-sm">
          <label
            htmlFor={inputId}
            className="cursor-pointer rounded-lg border border-border-medium px-3 py-1.5 hover:bg-surface-secondary focus-within:outline-2 focus-within:outline-ring-primary"
          >
            {upload.isPending ? t('com_agents_avatar_uploading') : t('com_agents_avatar_upload')}
            <input
              id={inputId}
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif"
              className="sr-only"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) upload.mutate({ id: agentId, file });
                event.target.value = '';
              }}
            />
          </label>
          {error && <p className="mt-1 text-text-destructive">{error}</p>}
        </div>
      )}
    </div>
  );
}
