import { describe, expect, it } from 'vitest';
import { messageChain } from '@/shared/conversation/tree/testing/chat-message';
import { messages } from '../testing/export-fixtures';
import { allMessages, branchMessages, nestedMessages } from './export-messages';

const ids = (list: readonly { messageId: string }[]) => list.map((message) => message.messageId);

describe('export message selection', () => {
  it('follows the newest version under each message for the current branch', () => {
    expect(ids(branchMessages(messages))).toEqual(['q1', 'r1b', 'q2']);
  });

  it('walks every branch depth first, parents before children, older versions first', () => {
    expect(ids(allMessages([...messages].reverse()))).toEqual(['q1', 'r1', 'r1b', 'q2']);
  });

  it('nests all branches, or only the current one', () => {
    const all = nestedMessages(messages, true);
    expect(ids(all)).toEqual(['q1']);
    expect(ids(all[0]!.children)).toEqual(['r1', 'r1b']);
    expect(ids(all[0]!.children[1]!.children)).toEqual(['q2']);

    const branch = nestedMessages(messages, false);
    expect(ids(branch[0]!.children)).toEqual(['r1b']);
    expect(branch[0]!.children[0]!.children[0]!.children).toEqual([]);
  });

  it('handles a long chain without recursion', () => {
    const chain = messageChain(5_000);
    expect(allMessages(chain)).toHaveLength(5_000);
    let depth = 0;
    for (let node = nestedMessages(chain, false)[0]; node; node = node.children[0]) depth += 1;
    expect(depth).toBe(5_000);
  });
});
