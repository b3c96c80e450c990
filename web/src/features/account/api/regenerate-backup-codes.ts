import { useMutation } from '@tanstack/react-query';
import type { BackupCodesResponse } from '@contract/auth';
import { request } from '@/lib/api/request';
import type { TwoFactorProof } from './two-factor-proof';

/** POST /api/auth/2fa/backup/regenerate: replaces every backup code with ten new ones. */
export const regenerateBackupCodes = (proof: TwoFactorProof): Promise<BackupCodesResponse> =>
  request<BackupCodesResponse>('/api/auth/2fa/backup/regenerate', { method: 'POST', json: proof });

export const useRegenerateBackupCodes = () => useMutation({ mutationFn: regenerateBackupCodes });
