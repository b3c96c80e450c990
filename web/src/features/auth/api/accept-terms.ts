import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse, TermsStatus } from '@contract/auth';
import { request } from '@/lib/api/request';
import { termsQueryKey } from './get-terms';

/** POST /api/user/terms/accept (no body). */
export const acceptTerms = (): Promise<MessageResponse> =>
  request<MessageResponse>('/api/user/terms/accept', { method: 'POST' });

/** On success the terms are recorded as accepted locally, which closes the modal. */
export function useAcceptTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptTerms,
    onSuccess: () => queryClient.setQueryData<TermsStatus>(termsQueryKey, { termsAccepted: true }),
  });
}
