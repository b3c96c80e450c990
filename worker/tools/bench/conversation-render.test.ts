import { describe, expect, it } from 'vitest';
import { describeMilestones, milestonesOf } from './conversation-render';

const resource = (path: string, startTime: number, responseEnd: number) => ({ path, startTime, responseEnd });

describe('conversation-render milestones', () => {
  const resources = [
    resource('/theme-init.js', 40, 60),
    resource('/assets/index-Dtnx5Umv.js', 41, 150),
    resource('/assets/chat-Bf2hMpGv.js', 260, 520),
    resource('/api/config', 280, 400),
    resource('/api/auth/refresh', 281, 530),
    resource('/api/messages/c1', 545, 880),
    resource('/api/messages/c1', 2000, 2100),
  ];

  it('reads when the entry chunk, the session and the conversation’s messages arrived', () => {
    expect(milestonesOf(resources, '/assets/index-Dtnx5Umv.js', 'c1')).toEqual({
      entryLoaded: 150,
      sessionRestored: 530,
      messagesRequested: 545,
      messagesArrived: 880,
    });
  });

  it('takes the messages from the refresh that carried them', () => {
    const together = [
      resource('/assets/index-Dtnx5Umv.js', 41, 150),
      resource('/api/auth/refresh?messages=c%201', 60, 300),
    ];
    expect(milestonesOf(together, '/assets/index-Dtnx5Umv.js', 'c 1')).toEqual({
      entryLoaded: 150,
      sessionRestored: 300,
      messagesRequested: 60,
      messagesArrived: 300,
    });
  });

  it('leaves a step the visit did not make as NaN rather than guessing', () => {
    const milestones = milestonesOf(resources, '/assets/index-other.js', 'c2');
    expect(milestones.entryLoaded).toBeNaN();
    expect(milestones.messagesRequested).toBeNaN();
    expect(milestones.messagesArrived).toBeNaN();
    expect(milestones.sessionRestored).toBe(530);
  });

  it('says each step in one line, in whole milliseconds', () => {
    const line = describeMilestones({
      runs: 5,
      medianMs: 985.4,
      milestones: { entryLoaded: 150.2, sessionRestored: 530, messagesRequested: 545, messagesArrived: 880.6 },
    });
    expect(line).toBe(
      '(conversation-render, medians of 5 visits, ms from navigation: entry chunk loaded 150 ms, session restored 530 ms, ' +
        'messages asked 545 ms and arrived 881 ms, last message visible 985 ms)',
    );
  });
});
