/**
 * The message history the search bench searches: many conversations of alternating user and
 * assistant messages in plain English, generated from a fixed seed (the same corpus every run,
 * so runs compare; nothing is kept between runs). Two words are planted at known rates so the
 * bench can search for a word in a few hundred messages and for one in many, and know the
 * answer: the vocabulary contains no other word that starts with either (the app matches the
 * last term as a prefix).
 */

/** Planted in about one message in 330: a search with a few hundred hits. */
export const RARE_WORD = 'kestrel';
/** Planted in about one message in 3: a search with tens of thousands of hits. */
export const COMMON_WORD = 'latency';
const RARE_EVERY = 331;
const COMMON_SHARE = 0.3;

export interface CorpusMessage {
  messageId: string;
  /** The previous message of its conversation, or `null` for the first (stored as NO_PARENT by the seeder). */
  parentMessageId: string | null;
  isCreatedByUser: boolean;
  text: string;
  /** Epoch ms; strictly increasing over the whole corpus, so insertion order is time order. */
  at: number;
}

export interface CorpusConversation {
  conversationId: string;
  /** Index into the owners passed to `generateCorpus`. */
  owner: number;
  title: string;
  messages: CorpusMessage[];
}

export interface Corpus {
  /** Oldest first, owners interleaved (so other users' rows sit between the searched user's in rowid order). */
  conversations: CorpusConversation[];
  /** Per owner: messages, and messages containing each planted word. */
  counts: { messages: number; rare: number; common: number }[];
}

export interface CorpusOptions {
  /** Messages per owner, e.g. [100_000, 20_000]. */
  messagesPerOwner: readonly number[];
  /** Average messages per conversation (each conversation has an even count between 2 and twice this). */
  averageMessagesPerConversation: number;
  /** Time of the newest message (epoch ms). */
  endMs: number;
  seed?: number;
}

const SUBJECTS = [
  'the service',
  'our API',
  'the worker',
  'this function',
  'the database',
  'the client',
  'my script',
  'the build',
  'the parser',
  'the scheduler',
  'the report',
  'this query',
  'the form',
  'the upload',
  'the dashboard',
  'the test suite',
  'the migration',
  'the index',
  'the router',
  'the cache layer',
];
const VERBS = [
  'returns',
  'reads',
  'writes',
  'sends',
  'blocks',
  'drops',
  'retries',
  'parses',
  'renders',
  'validates',
  'stores',
  'loads',
  'sorts',
  'filters',
  'logs',
  'skips',
  'updates',
  'deletes',
  'builds',
  'checks',
];
const OBJECTS = [
  'every row',
  'the whole file',
  'an empty list',
  'the wrong value',
  'a stale copy',
  'the first page',
  'too many items',
  'the user record',
  'a partial result',
  'the last message',
  'each token',
  'the old schema',
  'a null field',
  'the config file',
  'two copies',
  'the error text',
  'the response body',
  'a large payload',
  'the sorted keys',
  'the session cookie',
];
const CONTEXTS = [
  'after a deploy',
  'on the second call',
  'under load',
  'in production',
  'when the input is empty',
  'on Safari only',
  'since yesterday',
  'for some users',
  'inside a loop',
  'during the nightly job',
  'with a slow network',
  'in the staging copy',
  'at midnight',
  'when two tabs are open',
  'on large inputs',
];
const ASKS = [
  'How can I fix this?',
  'What would you check first?',
  'Is there a simpler way to write it?',
  'Can you explain why that happens?',
  'Which option would you pick, and why?',
  'Could you show a short example?',
  'What are the trade-offs here?',
];
const ADVICE = [
  'Start by reproducing it with the smallest input you can find.',
  'Add a log line before and after the call, with the values you expect.',
  'Write a failing test first, then change one thing at a time.',
  'Check the order of the operations: the second step may run before the first one finishes.',
  'Keep the limit in one named constant and use it everywhere.',
  'Prefer a plain loop here; it is easier to read and just as fast.',
  'Validate the input at the boundary and trust it inside.',
  'Look at the query plan, and make sure the index covers the filter.',
  'Split the function in two: one part decides, the other part does the work.',
  'Measure before and after, on the same machine, a few times each.',
  'Return early on the error case so the main path stays flat.',
  'Make the retry wait a little longer each time, and give up after a few tries.',
];
const TOPICS = [
  'pagination',
  'timeouts',
  'file uploads',
  'search',
  'sign in',
  'billing',
  'exports',
  'notifications',
  'rate limits',
  'caching',
  'sorting',
  'time zones',
  'imports',
  'backups',
  'permissions',
];

/** mulberry32: small, fast, good enough to vary text; seeded so the corpus is the same every run. */
function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

function sentence(random: () => number): string {
  const text = `${pick(random, SUBJECTS)} ${pick(random, VERBS)} ${pick(random, OBJECTS)} ${pick(random, CONTEXTS)}.`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function userText(random: () => number, topic: string): string {
  const parts = [`I am working on ${topic}.`];
  for (let i = 0, n = 1 + Math.floor(random() * 2); i < n; i += 1) parts.push(sentence(random));
  parts.push(pick(random, ASKS));
  return parts.join(' ');
}

function assistantText(random: () => number, topic: string): string {
  const parts = [`For ${topic}, the usual cause is simple. ${sentence(random)}`];
  for (let i = 0, n = 2 + Math.floor(random() * 3); i < n; i += 1) parts.push(pick(random, ADVICE));
  parts.push(`In your case, ${sentence(random).toLowerCase()}`);
  return parts.join(' ');
}

/** Puts `word` into the text as a sentence of its own, so it is one token whatever surrounds it. */
function plant(text: string, word: string, random: () => number): string {
  return random() < 0.5 ? `${text} The ${word} matters here.` : `Looking at the ${word} first. ${text}`;
}

/** Even message counts between 2 and 2 × average, summing exactly to `total`. */
function conversationSizes(total: number, average: number, random: () => number): number[] {
  const sizes: number[] = [];
  let left = total;
  while (left > 0) {
    const size = Math.min(left, 2 * (1 + Math.floor(random() * average)));
    sizes.push(size);
    left -= size;
  }
  return sizes;
}

export function generateCorpus(options: CorpusOptions): Corpus {
  const random = randomSource(options.seed ?? 20_260_722);
  const counts = options.messagesPerOwner.map(() => ({ messages: 0, rare: 0, common: 0 }));
  const queues = options.messagesPerOwner.map((total) =>
    conversationSizes(total, options.averageMessagesPerConversation, random),
  );
  const totalMessages = options.messagesPerOwner.reduce((sum, n) => sum + n, 0);
  const totalConversations = queues.reduce((sum, q) => sum + q.length, 0);
  // One minute per message, newest at endMs.
  let at = options.endMs - totalMessages * 60_000;
  const conversations: CorpusConversation[] = [];
  const next = queues.map(() => 0);
  for (let made = 0; made < totalConversations; made += 1) {
    // Each owner's conversations spread evenly over the timeline, in proportion to their number.
    let owner = 0;
    let lowest = Number.POSITIVE_INFINITY;
    queues.forEach((queue, index) => {
      const done = (next[index] ?? 0) / queue.length;
      if ((next[index] ?? 0) < queue.length && done < lowest) {
        lowest = done;
        owner = index;
      }
    });
    const index = next[owner] ?? 0;
    next[owner] = index + 1;
    const size = queues[owner]?.[index] ?? 0;
    const tally = counts[owner];
    if (!tally) throw new Error('unknown owner');
    const topic = pick(random, TOPICS);
    const messages: CorpusMessage[] = [];
    let parentMessageId: string | null = null;
    for (let i = 0; i < size; i += 1) {
      const isCreatedByUser = i % 2 === 0;
      let text = isCreatedByUser ? userText(random, topic) : assistantText(random, topic);
      const ordinal = tally.messages;
      if (ordinal % RARE_EVERY === RARE_EVERY - 1) {
        text = plant(text, RARE_WORD, random);
        tally.rare += 1;
      }
      if (random() < COMMON_SHARE) {
        text = plant(text, COMMON_WORD, random);
        tally.common += 1;
      }
      tally.messages += 1;
      const messageId = crypto.randomUUID();
      at += 60_000;
      messages.push({ messageId, parentMessageId, isCreatedByUser, text, at });
      parentMessageId = messageId;
    }
    conversations.push({
      conversationId: crypto.randomUUID(),
      owner,
      title: `Help with ${topic} #${index + 1}`,
      messages,
    });
  }
  return { conversations, counts };
}

/** Every word the generator can write apart from the planted ones (for the prefix check in tests). */
export function corpusVocabulary(): Set<string> {
  const words = new Set<string>();
  for (const text of [...SUBJECTS, ...VERBS, ...OBJECTS, ...CONTEXTS, ...ASKS, ...ADVICE, ...TOPICS]) {
    for (const word of text.toLowerCase().split(/[^a-z]+/)) if (word) words.add(word);
  }
  for (const word of 'i am working on for the usual cause is simple in your case looking at first matters here help with'.split(
    ' ',
  ))
    words.add(word);
  return words;
}
