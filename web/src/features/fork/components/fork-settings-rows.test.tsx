import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { getForkSettings, setForkSetting } from '../lib/fork-settings';
import { ForkSettingsRows } from './fork-settings-rows';

afterEach(() => window.localStorage.clear());

describe('ForkSettingsRows', () => {
  it('changes the default option and switches remembering off again', async () => {
    setForkSetting('forkSetting', 'directPath');
    setForkSetting('rememberDefaultFork', true);
    const user = userEvent.setup();
    render(<ForkSettingsRows />);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Default fork option' }), 'Include related branches');
    expect(getForkSettings().forkSetting).toBe('includeBranches');

    const remember = screen.getByRole('switch', { name: 'Use the remembered fork option' });
    expect(remember).toHaveAttribute('aria-checked', 'true');
    await user.click(remember);
    expect(getForkSettings().rememberDefaultFork).toBe(false);

    await user.click(screen.getByRole('switch', { name: 'Start fork from target message by default' }));
    expect(getForkSettings().splitAtTarget).toBe(true);
  });
});
