import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render-with-providers';
import { userFixture } from '@/testing/account-fixtures';
import { PromptVariablesDialog } from './prompt-variables-dialog';

function Harness({ text, onSubmit }: { text: string; onSubmit: (text: string) => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? 'open' : 'closed'}</p>
      <PromptVariablesDialog open={open} onOpenChange={setOpen} promptText={text} onSubmit={onSubmit} />
    </>
  );
}

describe('PromptVariablesDialog', () => {
  it('asks for each variable once, a dropdown for options, and hands back the filled text', async () => {
    const onSubmit = vi.fn();
    const text = 'Plan {{trip}} to {{trip}} in {{season:spring|autumn}}, {{notes}}; {{current_user}}';
    const { events } = renderWithProviders(<Harness text={text} onSubmit={onSubmit} />, { user: userFixture() });

    expect(screen.getAllByLabelText('trip')).toHaveLength(1);
    expect(screen.queryByLabelText('current_user')).not.toBeInTheDocument();
    await events.type(screen.getByLabelText('trip'), 'Rome');
    await events.selectOptions(screen.getByLabelText('season'), 'autumn');
    await events.click(screen.getByRole('button', { name: 'Send' }));

    expect(onSubmit).toHaveBeenCalledWith('Plan Rome to Rome in autumn, {{notes}}; Ada Lovelace');
    expect(screen.getByText('closed')).toBeInTheDocument();
  });

  it('closes without sending on cancel', async () => {
    const onSubmit = vi.fn();
    const { events } = renderWithProviders(<Harness text="{{a}}" onSubmit={onSubmit} />, { user: userFixture() });
    await events.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('closed')).toBeInTheDocument();
  });
});
