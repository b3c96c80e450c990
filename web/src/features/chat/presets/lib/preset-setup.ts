import type { Preset, SavePresetBody } from '@contract/presets';
import type { ChatSetup } from '@/shared/conversation/types';

/**
 * The setup a preset applies: its option fields only. Its title names the preset, not the
 * conversation, and its id, owner, default flag, order and dates describe the preset itself.
 */
export function presetToSetup(preset: Preset): ChatSetup {
  const {
    presetId: _id,
    user: _user,
    title: _title,
    defaultPreset: _default,
    order: _order,
    createdAt: _created,
    updatedAt: _updated,
    ...options
  } = preset;
  return options;
}

/**
 * The body that saves `setup` as a new preset named `title`. `isTemporary` belongs to the
 * conversation, not to a reusable configuration, and the conversation's title is replaced.
 */
export function setupToPresetBody(setup: ChatSetup, title: string, defaultPreset = false): SavePresetBody {
  const { isTemporary: _temporary, title: _conversationTitle, ...options } = setup;
  return { ...options, title: title.trim(), ...(defaultPreset ? { defaultPreset: true } : {}) };
}
