import { describe, expect, it } from 'vitest';
import { toWireNames, WIRE_NAME } from './tool-names';

function namesOf(keys: string[]): Record<string, string> {
  return Object.fromEntries(toWireNames(keys).byKey);
}

describe('toWireNames', () => {
  it('keeps keys that are already valid names', () => {
    expect(namesOf(['calculator', 'getWeather_action_api---x', 'tavily_search_results_json'])).toEqual({
      calculator: 'calculator',
      'getWeather_action_api---x': 'getWeather_action_api---x',
      tavily_search_results_json: 'tavily_search_results_json',
    });
  });

  it('rewrites spaces, dots, base64 signs and other characters to _', () => {
    expect(namesOf(['echo_mcp_local server', 'read_mcp_files.v2', 'op_action_YS5i+Yw/=', 'météo_mcp_serveur'])).toEqual(
      {
        'echo_mcp_local server': 'echo_mcp_local_server',
        'read_mcp_files.v2': 'read_mcp_files_v2',
        'op_action_YS5i+Yw/=': 'op_action_YS5i_Yw__',
        météo_mcp_serveur: 'm_t_o_mcp_serveur',
      },
    );
  });

  it('starts every name with a letter or _', () => {
    expect(namesOf(['3d_mcp_x', '-dash', ''])).toEqual({ '3d_mcp_x': '_3d_mcp_x', '-dash': '_-dash', '': '_' });
  });

  it('cuts long keys to 64 characters, keeping two with the same beginning apart', () => {
    const a = `${'lookup_'.repeat(12)}_mcp_alpha`;
    const b = `${'lookup_'.repeat(12)}_mcp_beta`;
    const names = toWireNames([a, b]).byKey;
    const [nameA, nameB] = [names.get(a), names.get(b)];
    expect(nameA).toMatch(WIRE_NAME);
    expect(nameB).toMatch(WIRE_NAME);
    expect(nameA).toHaveLength(64);
    expect(nameA?.startsWith('lookup_lookup_')).toBe(true);
    expect(nameA).not.toBe(nameB);
  });

  it('tells apart keys that rewrite alike, and never takes a valid key’s name', () => {
    const keys = ['echo_mcp_local server', 'echo_mcp_local.server', 'echo_mcp_local_server'];
    const names = toWireNames(keys).byKey;
    expect(names.get('echo_mcp_local_server')).toBe('echo_mcp_local_server');
    const rewritten = [names.get(keys[0] ?? ''), names.get(keys[1] ?? '')];
    for (const name of rewritten) expect(name).toMatch(/^echo_mcp_local_server_[0-9a-z]{7}$/);
    expect(new Set(names.values()).size).toBe(3);
  });

  it('gives the same names whatever the order of the keys', () => {
    const keys = ['b c', 'b.c', 'b_c', 'calculator', 'x'.repeat(80), 'y y', 'y.y'];
    expect(namesOf([...keys].reverse())).toEqual(namesOf(keys));
  });

  it('maps every name back to its key, one entry per distinct key', () => {
    const keys = ['calculator', 'echo_mcp_local server', 'calculator', 'a+b', 'a/b', 'a_b'];
    const { byKey, byWireName } = toWireNames(keys);
    expect(byKey.size).toBe(5);
    expect(byWireName.size).toBe(5);
    for (const [key, name] of byKey) {
      expect(name).toMatch(WIRE_NAME);
      expect(byWireName.get(name)).toBe(key);
    }
  });
});
