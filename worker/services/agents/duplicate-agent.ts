import { AGENT_LIMITS } from '../../contract/agents';
import { ERROR_CODES } from '../../contract/errors';
import { insertAgent, type AgentCaller, type AgentRow } from '../../db/agents';
import { HttpError } from '../../http-error';
import { mayEdit } from './access';
import { newAgentId } from './write-agent';

const pad = (value: number) => String(value).padStart(2, '0');

/** ` (M/D/YY, HH:MM)` in UTC, the suffix LibreChat gives a copy's name (en-US short date, 24-hour time). */
export function copyStamp(at: Date): string {
  const year = pad(at.getUTCFullYear() % 100);
  return `${at.getUTCMonth() + 1}/${at.getUTCDate()}/${year}, ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`;
}

/** The copy's name: the original's, cut so the stamp still fits, then the stamp. */
export function copyName(name: string | null, at: Date): string {
  const suffix = `(${copyStamp(at)})`;
  const base = (name ?? '').slice(0, AGENT_LIMITS.nameMax - suffix.length - 1).trim();
  return base ? `${base} ${suffix}` : suffix;
}

/**
 * A private copy owned by the caller. Only those who may edit the agent may copy it: a copy
 * shows its instructions to its new owner, and those who only use a shared agent never see
 * them. The copy is not shared and not collaborative, whatever the original was. Its actions
 * are copied by the route (actions/clone.ts).
 */
export async function duplicateAgent(
  d1: D1Database,
  caller: AgentCaller,
  row: AgentRow,
  now = new Date(),
): Promise<AgentRow> {
  if (!mayEdit(row, caller)) {
    throw new HttpError(403, 'You do not have permission to duplicate this agent', ERROR_CODES.forbidden);
  }
  const ocr = row.tool_resources?.ocr;
  return insertAgent(d1, caller.userId, newAgentId(), {
    name: copyName(row.name, now),
    description: row.description,
    instructions: row.instructions,
    provider: row.provider,
    model: row.model,
    model_parameters: row.model_parameters,
    tools: row.tools,
    // Uploaded files stay with the original (LibreChat keeps only OCR's settings).
    tool_resources: ocr === undefined ? null : { ocr },
    artifacts: row.artifacts,
    recursion_limit: row.recursion_limit,
    agent_ids: row.agent_ids,
    conversation_starters: row.conversation_starters,
    end_after_tools: row.end_after_tools,
    hide_sequential_outputs: row.hide_sequential_outputs,
    avatar: row.avatar,
  });
}
