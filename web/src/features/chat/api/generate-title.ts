import type { GenTitleBody, GenTitleResponse } from '@contract/messages';
import { ApiError } from '@/lib/api/api-error';
import { request } from '@/lib/api/request';

/**
 * POST /api/convos/gen_title: the title generated for a new conversation after its first
 * reply. The server waits for the title job, so one call is enough. Null when there is none
 * (404: titling failed or is not available for the endpoint); other failures throw.
 */
export async function generateTitle(conversationId: string): Promise<string | null> {
  try {
    // Checked rather than trusted: an empty or missing title counts as none.
    const answer = await request<Partial<GenTitleResponse> | undefined>('/api/convos/gen_title', {
      method: 'POST',
      json: { conversationId } satisfies GenTitleBody,
    });
    return typeof answer?.title === 'string' && answer.title !== '' ? answer.title : null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
