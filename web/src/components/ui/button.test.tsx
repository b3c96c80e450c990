import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';

describe('Button', () => {
  it('keeps keyboard focus while busy, and ignores presses and form submits meanwhile', async () => {
    const events = userEvent.setup();
    const onSubmit = vi.fn((event: FormEvent) => event.preventDefault());
    const onClick = vi.fn();
    const { rerender } = render(
      <form onSubmit={onSubmit}>
        <input aria-label="Email" />
        <Button type="submit" onClick={onClick}>
          Continue
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Continue' });
    button.focus();
    rerender(
      <form onSubmit={onSubmit}>
        <input aria-label="Email" />
        <Button type="submit" onClick={onClick} loading>
          Continue
        </Button>
      </form>,
    );
    expect(button).toHaveFocus();
    expect(button).not.toBeDisabled();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAttribute('aria-busy', 'true');

    await events.click(button);
    await events.type(screen.getByRole('textbox', { name: 'Email' }), 'a{Enter}');
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('presses normally when not busy', async () => {
    const events = userEvent.setup();
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Save</Button>);
    await events.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClick).toHaveBeenCalledOnce();
  });
});
