import { describe, expect, it } from 'vitest';
import { forkBodySchema } from '@contract/fork';
import { forkRequestBody } from './fork-request';

const at = { conversationId: 'convo-1', messageId: 'm2' };

describe('forkRequestBody', () => {
  it('maps each option and the split choice to the request body', () => {
    expect(forkRequestBody({ ...at, option: 'directPath', splitAtTarget: false, latestMessageId: 'm9' })).toEqual({
      conversationId: 'convo-1',
      messageId: 'm2',
      option: 'directPath',
      splitAtTarget: false,
    });
    expect(forkRequestBody({ ...at, option: 'includeBranches', splitAtTarget: false }).option).toBe('includeBranches');
    expect(forkRequestBody({ ...at, option: 'targetLevel', splitAtTarget: false }).option).toBe('targetLevel');
  });

  it('sends the branch end only for a split fork, and only when it is known', () => {
    expect(forkRequestBody({ ...at, option: 'targetLevel', splitAtTarget: true, latestMessageId: 'm9' })).toEqual({
      ...at,
      option: 'targetLevel',
      splitAtTarget: true,
      latestMessageId: 'm9',
    });
    expect(
      forkRequestBody({ ...at, option: 'targetLevel', splitAtTarget: true, latestMessageId: null }),
    ).not.toHaveProperty('latestMessageId');
  });

  it('is what the server’s schema accepts, unchanged', () => {
    const body = forkRequestBody({ ...at, option: 'includeBranches', splitAtTarget: true, latestMessageId: 'm9' });
    expect(forkBodySchema.parse(body)).toEqual(body);
  });
});
