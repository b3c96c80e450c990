import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { McpSelect } from './mcp-select';
import type { McpServerChoice } from './mcp-servers';

const SERVERS: McpServerChoice[] = [{ name: 'local' }, { name: 'web' }];

function Harness({ servers = SERVERS, initial = [] as string[] }) {
  const [selected, setSelected] = useState(initial);
  return (
    <>
      <McpSelect servers={servers} selected={selected} onChange={setSelected} disabled={false} />
      <output>{selected.join(',')}</output>
    </>
  );
}

describe('McpSelect', () => {
  it('turns servers on and off with the menu left open, and counts those on', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'MCP servers' }));
    const local = screen.getByRole('menuitemcheckbox', { name: 'local' });
    expect(local).toHaveAttribute('aria-checked', 'false');
    await user.click(local);
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'web' }));
    expect(screen.getByRole('menuitemcheckbox', { name: 'local' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('local,web');
    expect(screen.getByRole('button', { name: '2 MCP servers on' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'local' }));
    expect(screen.getByRole('status')).toHaveTextContent('web');
    expect(screen.getByRole('button', { name: '1 MCP server on' })).toBeInTheDocument();
  });

  it('does not count a chosen server the instance no longer offers', () => {
    render(<Harness initial={['gone']} />);
    expect(screen.getByRole('button', { name: 'MCP servers' })).toBeInTheDocument();
  });

  it('is not shown when no server is offered for chats', () => {
    render(<Harness servers={[]} />);
    expect(screen.queryByRole('button', { name: /MCP/ })).not.toBeInTheDocument();
  });
});
