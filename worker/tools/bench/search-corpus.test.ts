import { describe, expect, it } from 'vitest';
import { COMMON_WORD, RARE_WORD, corpusVocabulary, generateCorpus } from './search-corpus';

describe('generateCorpus', () => {
  const corpus = generateCorpus({
    messagesPerOwner: [3_000, 600],
    averageMessagesPerConversation: 20,
    endMs: 1_800_000_000_000,
  });
  const messages = corpus.conversations.flatMap((c) => c.messages.map((m) => ({ ...m, owner: c.owner })));

  it('writes exactly the asked number of messages per owner, as branches of alternating turns', () => {
    expect(messages.filter((m) => m.owner === 0)).toHaveLength(3_000);
    expect(messages.filter((m) => m.owner === 1)).toHaveLength(600);
    for (const conversation of corpus.conversations) {
      conversation.messages.forEach((m, i) => {
        expect(m.isCreatedByUser).toBe(i % 2 === 0);
        expect(m.parentMessageId).toBe(i === 0 ? null : conversation.messages[i - 1]?.messageId);
      });
    }
  });

  it('interleaves the owners and keeps time increasing in insertion order', () => {
    const owners = corpus.conversations.map((c) => c.owner);
    expect(owners.slice(0, Math.floor(owners.length / 2))).toContain(1);
    expect(owners.slice(Math.floor(owners.length / 2))).toContain(1);
    messages.forEach((m, i) => {
      if (i > 0) expect(m.at).toBeGreaterThan(messages[i - 1]?.at ?? Infinity);
    });
  });

  it('counts the planted words exactly, at the rates the bench relies on', () => {
    for (const [owner, tally] of corpus.counts.entries()) {
      const own = messages.filter((m) => m.owner === owner);
      const containing = (word: string) =>
        own.filter((m) =>
          m.text
            .toLowerCase()
            .split(/[^a-z]+/)
            .includes(word),
        ).length;
      expect(tally.rare).toBe(containing(RARE_WORD));
      expect(tally.common).toBe(containing(COMMON_WORD));
    }
    const searched = corpus.counts[0];
    expect(searched?.rare).toBeGreaterThanOrEqual(5);
    expect(searched?.common).toBeGreaterThan(600);
  });

  it('has no other word that the prefix search for a planted word would match', () => {
    const generated = new Set(messages.flatMap((m) => m.text.toLowerCase().split(/[^a-z]+/)).filter(Boolean));
    for (const word of generated)
      if (word !== RARE_WORD && word !== COMMON_WORD) expect(corpusVocabulary()).toContain(word);
    for (const word of corpusVocabulary()) {
      expect(word.startsWith(RARE_WORD)).toBe(false);
      expect(word.startsWith(COMMON_WORD)).toBe(false);
    }
  });
});
