import { useMutation } from '@tanstack/react-query';
import type { AvatarUploadResponse } from '@contract/auth';
import { request } from '@/lib/api/request';

/** The name the cropped picture is sent under; the server stores its own. */
const AVATAR_FILE_NAME = 'avatar.png';

/**
 * POST /api/files/images/avatar (multipart): `file` is the cropped PNG, `manual=true` marks it
 * as chosen by the user (so a social login does not replace it).
 */
export function uploadAvatar(png: Blob): Promise<AvatarUploadResponse> {
  const form = new FormData();
  form.append('file', png, AVATAR_FILE_NAME);
  form.append('manual', 'true');
  return request<AvatarUploadResponse>('/api/files/images/avatar', { method: 'POST', body: form });
}

export const useUploadAvatar = () => useMutation({ mutationFn: uploadAvatar });
