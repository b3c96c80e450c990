import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DropdownMenu } from './dropdown-menu';

function renderMenu(onSelect = vi.fn()) {
  render(
    <div>
      <DropdownMenu
        trigger="Open"
        triggerLabel="Actions"
        items={['Rename', 'Share', 'Delete'].map((label) => ({ id: label, label, onSelect: () => onSelect(label) }))}
      />
      <button type="button">Elsewhere</button>
    </div>,
  );
  return { trigger: screen.getByRole('button', { name: 'Actions' }), onSelect };
}

describe('DropdownMenu', () => {
  it('opens from the keyboard and moves focus with the arrow keys (wrapping), Home and End', async () => {
    const events = userEvent.setup();
    const { trigger } = renderMenu();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    trigger.focus();
    await events.keyboard('{ArrowUp}');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(trigger).toHaveAttribute('aria-controls', screen.getByRole('menu', { name: 'Actions' }).id);
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await events.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Rename' })).toHaveFocus();
    await events.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await events.keyboard('{Home}');
    expect(screen.getByRole('menuitem', { name: 'Rename' })).toHaveFocus();
    expect(screen.getByRole('menuitem', { name: 'Rename' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('menuitem', { name: 'Share' })).toHaveAttribute('tabindex', '-1');
    await events.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
  });

  it('selects with Enter, closing and returning focus to the button', async () => {
    const events = userEvent.setup();
    const { trigger, onSelect } = renderMenu();
    trigger.focus();
    await events.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenCalledExactlyOnceWith('Share');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('closes on Escape (focus back on the button), on Tab, on a second click and on a click outside', async () => {
    const events = userEvent.setup();
    const { trigger, onSelect } = renderMenu();
    await events.click(trigger);
    expect(screen.getByRole('menuitem', { name: 'Rename' })).toHaveFocus();
    await events.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();

    await events.click(trigger);
    await events.keyboard('{Tab}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await events.click(trigger);
    await events.click(trigger);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await events.click(trigger);
    await events.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(onSelect).not.toHaveBeenCalled();
  });
});
