import { describe, expect, it } from 'vitest';
import type { WireContentPart } from '@/shared/conversation/types';
import { copyableText, readContentPart, readContentParts, safeImageUrl, withToolAttachments } from './content-parts';

describe('readContentPart', () => {
  it('reads text and thinking, as strings or {value}', () => {
    expect(readContentPart({ type: 'text', text: 'hi' })).toEqual({ kind: 'text', text: 'hi' });
    expect(readContentPart({ type: 'text', text: { value: 'hi' } })).toEqual({ kind: 'text', text: 'hi' });
    expect(readContentPart({ type: 'think', think: 'hmm' })).toEqual({ kind: 'think', text: 'hmm' });
    expect(readContentPart({ type: 'text', text: '' })).toBeNull();
  });

  it('reads an agent tool call', () => {
    const part: WireContentPart = {
      type: 'tool_call',
      tool_call: { id: 'call_1', name: 'web_search', args: '{"q":"x"}', output: 'found', progress: 1 },
    };
    expect(readContentPart(part)).toEqual({
      kind: 'tool_call',
      call: {
        id: 'call_1',
        name: 'web_search',
        args: '{"q":"x"}',
        output: 'found',
        progress: 1,
        auth: null,
        sources: [],
      },
    });
  });

  it('shows object arguments as JSON and keeps the sign-in URL', () => {
    const view = readContentPart({
      type: 'tool_call',
      tool_call: { name: 'calendar', args: { day: 1 }, auth: 'https://a.example/x', progress: 0.1 },
    });
    expect(view).toMatchObject({
      kind: 'tool_call',
      call: { args: '{\n  "day": 1\n}', auth: 'https://a.example/x', output: null },
    });
  });

  it('reads assistants-style function, code interpreter and file search calls', () => {
    expect(
      readContentPart({
        type: 'tool_call',
        tool_call: { type: 'function', function: { name: 'get_weather', arguments: '{}', output: 'sunny' } },
      }),
    ).toMatchObject({ call: { name: 'get_weather', args: '{}', output: 'sunny' } });
    expect(
      readContentPart({
        type: 'tool_call',
        tool_call: {
          type: 'code_interpreter',
          progress: 1,
          code_interpreter: { input: 'print(1)', outputs: [{ type: 'logs', logs: '1' }, { type: 'image' }] },
        },
      }),
    ).toMatchObject({ call: { name: 'code_interpreter', args: 'print(1)', output: '1', progress: 1 } });
    expect(readContentPart({ type: 'tool_call', tool_call: { type: 'file_search', progress: 0.5 } })).toMatchObject({
      call: { name: 'file_search', progress: 0.5 },
    });
  });

  it('reads images from image_url and image_file parts, refusing unsafe URLs', () => {
    expect(readContentPart({ type: 'image_url', image_url: { url: 'https://cdn.example/a.png' } })).toEqual({
      kind: 'image',
      url: 'https://cdn.example/a.png',
      alt: null,
      width: null,
      height: null,
    });
    expect(readContentPart({ type: 'image_url', image_url: 'data:image/png;base64,AAAA' })).toMatchObject({
      url: 'data:image/png;base64,AAAA',
    });
    expect(
      readContentPart({
        type: 'image_file',
        image_file: { filepath: '/images/u/a.webp', width: 10, height: 20, filename: 'a.webp' },
      }),
    ).toEqual({
      kind: 'image',
      url: '/images/u/a.webp',
      alt: 'a.webp',
      width: 10,
      height: 20,
    });
    expect(readContentPart({ type: 'image_url', image_url: { url: 'javascript:alert(1)' } })).toBeNull();
  });

  it('reads error parts and ignores what has nothing to show', () => {
    expect(readContentPart({ type: 'error', error: 'boom' })).toEqual({ kind: 'error', text: 'boom' });
    expect(readContentPart({ type: 'agent_update', agent_update: { agentId: 'a' } })).toEqual({
      kind: 'agent_update',
      agentId: 'a',
    });
    expect(readContentPart({ type: 'agent_update', agent_update: {} })).toBeNull();
    expect(readContentPart(null)).toBeNull();
    expect(readContentPart({ type: 'tool_call', tool_call: 'nope' })).toBeNull();
  });
});

describe('readContentParts', () => {
  it('skips holes left by parts streamed out of order', () => {
    const content: WireContentPart[] = [];
    content[2] = { type: 'text', text: 'later' };
    expect(readContentParts(content)).toEqual([{ kind: 'text', text: 'later' }]);
    expect(readContentParts(null)).toEqual([]);
  });
});

describe('copyableText', () => {
  it('copies the text, or the text parts when the text is empty', () => {
    expect(copyableText('plain', [{ type: 'text', text: 'ignored' }])).toBe('plain');
    expect(
      copyableText('', [
        { type: 'think', think: 'x' },
        { type: 'text', text: 'a' },
        { type: 'text', text: 'b' },
      ]),
    ).toBe('a\n\nb');
  });
});

describe('safeImageUrl', () => {
  it('allows web, blob, inline image and same-origin paths only', () => {
    expect(safeImageUrl('http://x.example/a.png')).toBe('http://x.example/a.png');
    expect(safeImageUrl('blob:https://app.example/123')).toBe('blob:https://app.example/123');
    expect(safeImageUrl('/api/files/a.png')).toBe('/api/files/a.png');
    expect(safeImageUrl('//evil.example/a.png')).toBeNull();
    expect(safeImageUrl('data:text/html,<script>')).toBeNull();
    expect(safeImageUrl('')).toBeNull();
  });
});

describe('tool results: search sources and images', () => {
  const search: WireContentPart = {
    type: 'tool_call',
    tool_call: {
      id: 'call_s',
      name: 'web_search',
      args: '{}',
      output: '[1] …',
      progress: 1,
      sources: [{ index: 1, title: 'Docs', url: 'https://docs.example/' }],
    },
  };
  const image = (id: string) => ({
    type: 'image_file',
    image_file: { file_id: id, filename: 'image-1.png', filepath: `/api/files/u/${id}`, width: 3, height: 2 },
  });

  it('gives the text after a search call that call’s sources, and the call its list', () => {
    const views = readContentParts([
      { type: 'text', text: 'Let me look.' },
      search,
      { type: 'text', text: 'It is [1].' },
    ]);
    const docs = { index: 1, title: 'Docs', url: 'https://docs.example/', host: 'docs.example' };
    expect(views[0]).toEqual({ kind: 'text', text: 'Let me look.' });
    expect(views[1]).toMatchObject({ kind: 'tool_call', call: { sources: [docs] } });
    expect(views[2]).toEqual({ kind: 'text', text: 'It is [1].', sources: [docs] });
  });

  it('reads a stored image file as a file of this app, loaded with the user’s token', () => {
    expect(readContentPart(image('f1'))).toEqual({
      kind: 'image',
      url: '/api/files/u/f1',
      alt: 'image-1.png',
      width: 3,
      height: 2,
      file: {
        file_id: 'f1',
        filepath: '/api/files/u/f1',
        type: 'image/png',
        filename: 'image-1.png',
        width: 3,
        height: 2,
      },
    });
  });

  it('shows a streamed attachment right after its call, unless a part already shows it', () => {
    const call: WireContentPart = { type: 'tool_call', tool_call: { id: 'call_i', name: 'image_gen_oai', args: '{}' } };
    const attachment = (id: string, toolCallId = 'call_i', type = 'image/png') => ({
      file_id: id,
      filename: `${id}.png`,
      filepath: `/api/files/u/${id}`,
      type,
      toolCallId,
      messageId: 'm',
    });
    const views = withToolAttachments(readContentParts([call, { type: 'text', text: 'Done.' }]), [
      attachment('a1'),
      attachment('a2', 'other_call'),
      attachment('a3', 'call_i', 'application/pdf'),
    ]);
    expect(views.map((view) => view.kind)).toEqual(['tool_call', 'image', 'text']);
    expect(views[1]).toMatchObject({ kind: 'image', file: { file_id: 'a1', filepath: '/api/files/u/a1' } });
    const saved = readContentParts([call, image('a1'), { type: 'text', text: 'Done.' }]);
    expect(withToolAttachments(saved, [attachment('a1')])).toEqual(saved);
    expect(withToolAttachments(saved, undefined)).toEqual(saved);
  });
});
