import { describe, expect, it } from 'vitest';
import { mcpServersOf } from './mcp-servers';

describe('mcpServersOf', () => {
  it('names each server once, in the order its tools are listed, and leaves out other tools', () => {
    expect(
      mcpServersOf([
        { name: 'Calculator', pluginKey: 'calculator' },
        { name: 'echo', pluginKey: 'echo_mcp_local', icon: '/local.svg' },
        { name: 'search', pluginKey: 'search_mcp_web' },
        { name: 'add', pluginKey: 'add_mcp_local' },
        { name: 'getPet', pluginKey: 'getPet_action_pets---io' },
      ]),
    ).toEqual([{ name: 'local', icon: '/local.svg' }, { name: 'web' }]);
  });

  it('splits at the first delimiter, as the server and LibreChat do', () => {
    expect(mcpServersOf([{ name: 'search', pluginKey: 'search_mcp_docs_mcp_v2' }])).toEqual([{ name: 'docs_mcp_v2' }]);
  });

  it('leaves out servers kept out of the chat menu, and keys with no server or no tool', () => {
    expect(
      mcpServersOf([
        { name: 'x', pluginKey: 'x_mcp_hidden', chatMenu: false },
        { name: 'y', pluginKey: 'y_mcp_' },
        { name: 'z', pluginKey: '_mcp_z' },
      ]),
    ).toEqual([]);
  });
});
