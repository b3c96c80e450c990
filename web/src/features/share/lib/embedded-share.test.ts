import { afterEach, describe, expect, it } from 'vitest';
import { readEmbeddedShare, SHARE_DATA_ELEMENT_ID } from './embedded-share';

const data = {
  shareId: 's1',
  title: 'T',
  conversationId: 'c',
  isPublic: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  messages: [],
};

function embed(text: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = SHARE_DATA_ELEMENT_ID;
  script.textContent = text;
  document.body.append(script);
}

describe('readEmbeddedShare', () => {
  afterEach(() => document.getElementById(SHARE_DATA_ELEMENT_ID)?.remove());

  it('reads the conversation the page was rendered with', () => {
    embed(JSON.stringify(data));
    expect(readEmbeddedShare('s1')).toEqual(data);
  });

  it('ignores another link’s data, broken JSON, a wrong shape, or no data at all', () => {
    expect(readEmbeddedShare('s1')).toBeUndefined();
    embed(JSON.stringify(data));
    expect(readEmbeddedShare('s2')).toBeUndefined();
    document.getElementById(SHARE_DATA_ELEMENT_ID)!.textContent = '{"shareId":';
    expect(readEmbeddedShare('s1')).toBeUndefined();
    document.getElementById(SHARE_DATA_ELEMENT_ID)!.textContent = JSON.stringify({ ...data, messages: [{ text: 1 }] });
    expect(readEmbeddedShare('s1')).toBeUndefined();
  });
});
