import type { Preset } from '@contract/presets';

let next = 0;

/** A preset as the API answers it; fresh ids each call. */
export function presetFixture(overrides: Partial<Preset> = {}): Preset {
  next += 1;
  return {
    presetId: `preset-${next}`,
    user: 'user-1',
    title: `Preset ${next}`,
    defaultPreset: false,
    order: null,
    endpoint: 'openAI',
    model: 'gpt-4o',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
