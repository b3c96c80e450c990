/**
 * The mock provider's tool calls, scripted by directives at the start of the user's message, so
 * an end-to-end test can make a model call tools without knowing the tools' wire names:
 *
 *   [mock:tool=calc:{"input":"2+2"}]   call the declared tool whose wire name starts with "calc"
 *                                      with these arguments; repeat for parallel calls in one turn
 *   [mock:tool-rounds=2]               make the same calls for 2 rounds (default 1)
 *   [mock:tool-split=3]                stream the arguments in 3-character pieces (default whole)
 *
 * The round is the number of result turns since the user's message; once the rounds are done the
 * mock answers `Tool results: <every output since the user's message, joined by " | ">`, which
 * proves the outputs reached the model. The arguments are JSON and may contain `]`.
 */
import { randomBytes } from 'node:crypto';

export interface ScriptedCall {
  /** What the declared tool's wire name starts with. */
  prefix: string;
  /** The arguments as JSON text, as written in the directive. */
  args: string;
}

export interface ToolScript {
  calls: ScriptedCall[];
  rounds: number;
  /** Characters per streamed piece of arguments; undefined streams them whole. */
  split?: number;
}

/** One call of a turn, ready for a wire renderer. */
export interface MockCall {
  id: string;
  name: string;
  args: string;
  /** The arguments cut as the script asks; they join into `args`. */
  pieces: string[];
}

export type ToolPlan =
  | { kind: 'calls'; calls: MockCall[] }
  /** The reply text: the results, or what went wrong with the script. */
  | { kind: 'answer'; text: string };

const LEADING = /^\s*\[mock:([a-z-]+)=/;

/**
 * Takes the tool directives out of the leading directives of `message`; the others stay, in
 * place, for parseDirectives. The script is undefined when there is no tool directive.
 */
export function splitToolDirectives(message: string): { script: ToolScript | undefined; rest: string } {
  const calls: ScriptedCall[] = [];
  let rounds = 1;
  let split: number | undefined;
  let kept = '';
  let rest = message;
  for (let match = LEADING.exec(rest); match !== null; match = LEADING.exec(rest)) {
    const [opening, key = ''] = match;
    const close = key === 'tool' ? jsonDirectiveEnd(rest, opening.length) : rest.indexOf(']', opening.length);
    if (close < 0) break;
    const value = rest.slice(opening.length, close);
    const count = /^\d+$/.test(value.trim()) ? Number(value.trim()) : undefined;
    if (key === 'tool') calls.push(scriptedCall(value));
    else if (key === 'tool-rounds' && count !== undefined && count >= 1) rounds = count;
    else if (key === 'tool-split' && count !== undefined && count >= 1) split = count;
    else kept += rest.slice(0, close + 1);
    rest = rest.slice(close + 1);
  }
  const script = calls.length > 0 ? { calls, rounds, ...(split === undefined ? {} : { split }) } : undefined;
  return { script, rest: kept + rest };
}

/** `<prefix>:<json>`: the prefix ends at the first colon. */
function scriptedCall(value: string): ScriptedCall {
  const colon = value.indexOf(':');
  if (colon < 0) return { prefix: value.trim(), args: '{}' };
  const args = value.slice(colon + 1).trim();
  return { prefix: value.slice(0, colon).trim(), args: args === '' ? '{}' : args };
}

/** The `]` that closes a tool directive: the first after which its arguments parse as JSON. */
function jsonDirectiveEnd(text: string, from: number): number {
  for (let close = text.indexOf(']', from); close >= 0; close = text.indexOf(']', close + 1)) {
    const value = text.slice(from, close);
    const colon = value.indexOf(':');
    const args = colon < 0 ? '' : value.slice(colon + 1).trim();
    if (args === '' || parses(args)) return close;
  }
  return -1;
}

function parses(json: string): boolean {
  try {
    JSON.parse(json);
    return true;
  } catch {
    return false;
  }
}

/**
 * The next turn of the script: its calls while rounds remain, then the answer. `declared` are the
 * wire names of the request's tools; `roundsDone` the result turns since the user's message.
 */
export function planToolTurn(
  script: ToolScript,
  declared: readonly string[],
  roundsDone: number,
  outputs: readonly string[],
): ToolPlan {
  if (roundsDone >= script.rounds) return { kind: 'answer', text: `Tool results: ${outputs.join(' | ')}` };
  const calls: MockCall[] = [];
  for (const call of script.calls) {
    const name = declared.find((candidate) => candidate.startsWith(call.prefix));
    if (name === undefined) return { kind: 'answer', text: `No declared tool starts with "${call.prefix}".` };
    calls.push({ id: randomBytes(12).toString('hex'), name, args: call.args, pieces: cut(call.args, script.split) });
  }
  return { kind: 'calls', calls };
}

function cut(text: string, size: number | undefined): string[] {
  if (size === undefined) return [text];
  const characters = Array.from(text);
  const pieces: string[] = [];
  for (let i = 0; i < characters.length; i += size) pieces.push(characters.slice(i, i + size).join(''));
  return pieces;
}
