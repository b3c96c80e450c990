import { describe, expect, it } from 'vitest';
import { specFixture, startupConfig } from '@/testing/chat-setup-fixtures';
import { setupVisibility } from './setup-visibility';

const facts = { canUseTemporaryChat: true, hasParameters: true };

describe('setupVisibility', () => {
  it('shows every control by default, except specs when there are none', () => {
    expect(setupVisibility(startupConfig(), facts)).toEqual({
      specsMenu: false,
      endpointsMenu: true,
      modelSelect: true,
      parameters: true,
      temporaryChat: true,
    });
  });

  it.each(['endpointsMenu', 'modelSelect', 'parameters', 'temporaryChat'] as const)(
    'hides %s when its interface toggle is off',
    (toggle) => {
      const visibility = setupVisibility(startupConfig({ interface: { [toggle]: false } }), facts);
      expect(visibility[toggle]).toBe(false);
      const others = (['endpointsMenu', 'modelSelect', 'parameters', 'temporaryChat'] as const).filter(
        (name) => name !== toggle,
      );
      for (const other of others) expect(visibility[other]).toBe(true);
    },
  );

  it('needs the permission for temporary chat and a parameter table for parameters', () => {
    expect(setupVisibility(startupConfig(), { canUseTemporaryChat: false, hasParameters: true }).temporaryChat).toBe(
      false,
    );
    expect(setupVisibility(startupConfig(), { canUseTemporaryChat: true, hasParameters: false }).parameters).toBe(
      false,
    );
  });

  it('shows specs when listed, and only specs when they are enforced', () => {
    const list = [specFixture()];
    expect(setupVisibility(startupConfig({ modelSpecs: { list } }), facts)).toMatchObject({
      specsMenu: true,
      endpointsMenu: true,
      modelSelect: true,
    });
    expect(setupVisibility(startupConfig({ modelSpecs: { list, enforce: true } }), facts)).toMatchObject({
      specsMenu: true,
      endpointsMenu: false,
      modelSelect: false,
    });
  });

  it('shows nothing before the config is known', () => {
    expect(Object.values(setupVisibility(undefined, facts)).some(Boolean)).toBe(false);
  });
});
