import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { generateTitle } from './generate-title';

describe('generateTitle', () => {
  it('posts the conversation id and answers the title', async () => {
    const { calls } = mockFetch(() => jsonResponse({ title: 'Trip to Lisbon' }));
    await expect(generateTitle('c1')).resolves.toBe('Trip to Lisbon');
    expect(calls[0]).toMatchObject({ url: '/api/convos/gen_title', method: 'POST', body: '{"conversationId":"c1"}' });
  });

  it('answers null when there is no title (404)', async () => {
    mockFetch(() =>
      jsonResponse({ message: "Title not found or method not implemented for the conversation's endpoint" }, 404),
    );
    await expect(generateTitle('c1')).resolves.toBeNull();
  });

  it('throws other failures', async () => {
    mockFetch(() => jsonResponse({ message: 'Boom' }, 500));
    await expect(generateTitle('c1')).rejects.toMatchObject({ status: 500 });
  });
});
