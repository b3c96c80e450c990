import type { DeletePresetsBody, Preset, SavePresetBody } from '@contract/presets';
import { type FetchCall, jsonResponse, mockFetch } from '@/testing/fetch-mock';

type Failure = { status: number; message: string };

function parseBody(call: FetchCall): unknown {
  return call.body ? JSON.parse(call.body) : {};
}

/**
 * A small in-memory stand-in for the presets API with the server's rules that the UI relies
 * on: upsert by id (merging the fields sent), one default at a time, delete one or all.
 * `failSaves` makes every save answer that error instead. Other paths answer 404.
 */
export function mockPresetsApi(initial: Preset[], options: { failSaves?: Failure } = {}) {
  let presets = [...initial];
  const mock = mockFetch((call) => {
    if (call.method === 'GET' && call.url === '/api/presets') return jsonResponse(presets);
    if (call.method === 'POST' && call.url === '/api/presets') {
      if (options.failSaves) return jsonResponse({ message: options.failSaves.message }, options.failSaves.status);
      const body = parseBody(call) as SavePresetBody;
      const existing = presets.find((preset) => preset.presetId === body.presetId);
      const { defaultPreset, presetId: _presetId, title, ...fields } = body;
      const base: Preset = existing ?? {
        presetId: `new-${presets.length + 1}`,
        user: 'user-1',
        title,
        defaultPreset: false,
        order: null,
        createdAt: '2025-02-01T00:00:00.000Z',
        updatedAt: '2025-02-01T00:00:00.000Z',
      };
      const saved: Preset = {
        ...base,
        ...(fields as Partial<Preset>),
        title,
        defaultPreset: defaultPreset ?? base.defaultPreset,
        updatedAt: '2025-02-01T00:00:00.000Z',
      };
      if (saved.defaultPreset) presets = presets.map((preset) => ({ ...preset, defaultPreset: false }));
      presets = existing
        ? presets.map((preset) => (preset.presetId === saved.presetId ? saved : preset))
        : [...presets, saved];
      return jsonResponse(saved, 201);
    }
    if (call.method === 'POST' && call.url === '/api/presets/delete') {
      const { presetId } = parseBody(call) as DeletePresetsBody;
      const before = presets.length;
      presets = presetId === undefined ? [] : presets.filter((preset) => preset.presetId !== presetId);
      return jsonResponse({ acknowledged: true, deletedCount: before - presets.length }, 201);
    }
    return jsonResponse({ message: 'Not found', code: 'not_found' }, 404);
  });
  const sent = (method: string, url: string) =>
    mock.calls.filter((call) => call.method === method && call.url === url).map((call) => parseBody(call));
  return { ...mock, sent, current: () => presets };
}
