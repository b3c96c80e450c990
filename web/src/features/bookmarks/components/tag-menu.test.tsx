import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TagMenu } from './tag-menu';

function Menu({ onCommand = () => undefined, onOpen }: { onCommand?: () => void; onOpen?: () => void }) {
  const [checked, setChecked] = useState<string[]>([]);
  const toggle = (name: string) =>
    setChecked((current) => (current.includes(name) ? current.filter((other) => other !== name) : [...current, name]));
  return (
    <TagMenu
      trigger="Open"
      triggerLabel="Bookmarks"
      menuLabel="Bookmark menu"
      onOpen={onOpen}
      items={[
        { kind: 'action', id: 'new', label: 'New', onSelect: onCommand },
        ...['A', 'B'].map((name) => ({
          kind: 'check' as const,
          id: name,
          label: name,
          checked: checked.includes(name),
          onToggle: () => toggle(name),
        })),
      ]}
    />
  );
}

describe('TagMenu', () => {
  it('moves with the arrow keys, toggles with Enter and Space while staying open, and Escape returns focus', async () => {
    const events = userEvent.setup();
    render(<Menu />);
    const trigger = screen.getByRole('button', { name: 'Bookmarks' });
    trigger.focus();
    await events.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'New' })).toHaveFocus();
    await events.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByRole('menuitemcheckbox', { name: 'A' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('menuitemcheckbox', { name: 'A' })).toHaveFocus();
    await events.keyboard('{ArrowDown} ');
    expect(screen.getByRole('menuitemcheckbox', { name: 'B' })).toHaveAttribute('aria-checked', 'true');
    await events.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'New' })).toHaveFocus();
    await events.keyboard('{End}');
    expect(screen.getByRole('menuitemcheckbox', { name: 'B' })).toHaveFocus();
    await events.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('closes when a command is chosen', async () => {
    const events = userEvent.setup();
    const onCommand = vi.fn();
    render(<Menu onCommand={onCommand} />);
    await events.click(screen.getByRole('button', { name: 'Bookmarks' }));
    await events.click(screen.getByRole('menuitem', { name: 'New' }));
    expect(onCommand).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('tells its owner each time it opens', async () => {
    const events = userEvent.setup();
    const onOpen = vi.fn();
    render(<Menu onOpen={onOpen} />);
    const trigger = screen.getByRole('button', { name: 'Bookmarks' });
    await events.click(trigger);
    await events.click(trigger);
    expect(onOpen).toHaveBeenCalledOnce();
    trigger.focus();
    await events.keyboard('{ArrowUp}');
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it('keeps its Escape from reaching what it sits in (a dialog, the sidebar)', async () => {
    const events = userEvent.setup();
    const outerEscape = vi.fn();
    render(
      <div onKeyDown={(event) => event.key === 'Escape' && outerEscape()}>
        <Menu />
      </div>,
    );
    await events.click(screen.getByRole('button', { name: 'Bookmarks' }));
    await events.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(outerEscape).not.toHaveBeenCalled();
  });
});
