import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api/request';
import { type TermsStatus, termsQueryKey } from './get-terms';

/** POST /api/user/terms/accept (no body). */
export const acceptTerms = (): Promise<unknown> => request('/api/user/terms/accept', { method: 'POST' });

/** On success the terms are recorded as accepted locally, which closes the modal. */
export function useAcceptTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptTerms,
    onSuccess: () => queryClient.setQueryData<TermsStatus>(termsQueryKey, { termsAccepted: true }),
  });
}
