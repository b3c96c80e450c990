import { describe, expect, it } from 'vitest';
import { toCallResult } from './result';
import { McpError } from './types';
import { connected, SETUPS } from './test-setup';

describe('tool results', () => {
  it('joins text, hands images over as attachments and reads resources, from a real call', async () => {
    const setup = SETUPS[0];
    if (!setup) throw new Error('no setup');
    const { client } = await connected(setup);
    const result = await client.callTool('media', {});
    expect(result.text).toBe(
      [
        'a picture follows',
        '[image (image/png, 70 bytes) attached]',
        'Resource mock://notes/1:\nnote one',
        'Resource link: file two mock://files/2',
      ].join('\n\n'),
    );
    expect(result.attachments).toEqual([
      { kind: 'image', mimeType: 'image/png', data: expect.stringMatching(/^iVBOR/) },
    ]);
    expect(result.isError).toBe(false);
    await client.close();
  });

  it('keeps blob resources and audio as attachments with their address', () => {
    const result = toCallResult({
      content: [
        { type: 'resource', resource: { uri: 'mock://a.bin', mimeType: 'application/pdf', blob: 'AAAA' } },
        { type: 'audio', data: 'AAAAAA==', mimeType: 'audio/wav' },
      ],
    });
    expect(result.text).toBe(
      '[resource mock://a.bin (application/pdf, 3 bytes) attached]\n\n[audio (audio/wav, 4 bytes) attached]',
    );
    expect(result.attachments).toEqual([
      { kind: 'resource', mimeType: 'application/pdf', data: 'AAAA', uri: 'mock://a.bin' },
      { kind: 'audio', mimeType: 'audio/wav', data: 'AAAAAA==' },
    ]);
  });

  it('uses structured content when there is no text, and says when there is nothing', () => {
    expect(toCallResult({ content: [], structuredContent: { temperature: 21 } }).text).toBe('{"temperature":21}');
    expect(toCallResult({ content: [] })).toEqual({ text: '(no output)', isError: false, attachments: [] });
    expect(toCallResult({ isError: true })).toEqual({
      text: 'The tool failed without saying why.',
      isError: true,
      attachments: [],
    });
  });

  it('names content it cannot read instead of dropping it silently', () => {
    expect(toCallResult({ content: [{ type: 'hologram' }, 'junk', { type: 'image' }] }).text).toBe(
      '[content of type "hologram" left out]',
    );
  });

  it('refuses a result that is not an object', () => {
    expect(() => toCallResult('text')).toThrow(new McpError('protocol', 'the tool result is not an object'));
  });
});
