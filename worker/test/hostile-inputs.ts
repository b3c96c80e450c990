/**
 * Hostile request bodies, query strings, path values and cookies for the input sweep
 * (worker/routes/hostile-input.test.ts, hostile-readback.test.ts). Each generator builds its input around one plausible
 * body, so a route that validates one field at a time still sees the hostile value in the
 * field it reads first. JSON with `__proto__` keys is written as text: an object literal would
 * set the prototype instead of carrying the key.
 */

/** The ids of the signed-in user's own objects, so a hostile body reaches past "not found". */
export interface OwnIds {
  userId: string;
  conversationId: string;
  messageId: string;
  shareId: string;
  tag: string;
  /** A private agent of the user (its instructions carry the fixture's secret). */
  agentId: string;
  /** A private prompt group of the user and its one version (name and text carry the secret). */
  promptGroupId: string;
  promptId: string;
}

export interface HostileBody {
  name: string;
  /** None for a form: the body sets its own, with the boundary. */
  contentType?: string;
  /** A fresh body per call (a stream can be read once), around the caller's own ids. */
  body: (ids: OwnIds) => BodyInit;
  /** Larger than any JSON route accepts: refused with 413 before it is read whole. */
  overLimit?: boolean;
}

const POLLUTION =
  '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"prototype":{"polluted":"yes"}}';
const CONTROL = 'a\u0000b\u0001\u0007\u0008\u001b[2J\u007f\u202e\ud800\r\nSet-Cookie: x=1';
const JSON_TYPE = 'application/json';
const MB = 1024 * 1024;

/** Field names the app's bodies use, with a plausible value each (ids are the user's own). */
export function plausibleBody(ids: OwnIds): Record<string, unknown> {
  return {
    arg: { conversationId: ids.conversationId, title: 'Renamed', isArchived: false },
    conversationId: ids.conversationId,
    messageId: ids.messageId,
    parentMessageId: '00000000-0000-0000-0000-000000000000',
    shareId: ids.shareId,
    targetMessageId: ids.messageId,
    text: 'Hello',
    title: 'A title',
    name: 'Test',
    value: 'sk-test',
    expiresAt: null,
    tag: ids.tag,
    tags: [ids.tag],
    description: 'words',
    position: 1,
    endpoint: 'Test',
    endpointType: 'custom',
    model: 'test-model',
    temperature: 0.5,
    presetId: 'preset-1',
    isCreatedByUser: true,
    isPublic: true,
    option: 'all',
    splitAtTarget: false,
    latestMessageId: ids.messageId,
    token: 'token',
    code: '123456',
    backupCode: 'abcd-efgh',
    email: 'someone@example.com',
    password: 'correct horse battery',
    confirm_password: 'correct horse battery',
    userId: ids.userId,
    prompts: { SHARED_GLOBAL: true },
    content: [{ type: 'text', text: 'Hello' }],
    provider: 'openAI',
    instructions: 'Be brief.',
    conversation_starters: ['Hello'],
    agent_id: ids.agentId,
    ephemeralAgent: { mcp: ['local'] },
    pluginKey: 'tavily_search_results_json',
    action: 'install',
    prompt: { prompt: 'Hello', type: 'text', groupId: ids.promptGroupId },
    group: { name: 'Test', category: 'code', oneliner: 'words', command: 'test' },
    groupId: ids.promptGroupId,
    labels: ['draft'],
  };
}

function mapFields(base: Record<string, unknown>, map: (value: unknown) => unknown): Record<string, unknown> {
  return Object.fromEntries(Object.entries(base).map(([key, value]) => [key, map(value)]));
}

/** `base` as JSON text with `"key": <raw JSON>` pairs added at its end. */
function withRaw(base: Record<string, unknown>, raw: Record<string, string>): string {
  const pairs = [...Object.entries(base).map(([key, value]) => [key, JSON.stringify(value)]), ...Object.entries(raw)];
  const fields = pairs
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${JSON.stringify(key)}:${value}`);
  return `{${fields.join(',')}}`;
}

function fileForm(name: string, type: string, content: string): FormData {
  const form = new FormData();
  form.append('file', new File([content], name, { type }));
  return form;
}

const json = (name: string, text: (ids: OwnIds) => string): HostileBody => ({
  name,
  contentType: JSON_TYPE,
  body: text,
});
const upload = (name: string, file: string, type: string, content: (ids: OwnIds) => string): HostileBody => ({
  name,
  body: (ids) => fileForm(file, type, content(ids)),
});
const each = (ids: OwnIds, map: (value: unknown) => unknown) => JSON.stringify(mapFields(plausibleBody(ids), map));
const pollutionInEveryField = (ids: OwnIds) =>
  withRaw({}, Object.fromEntries(Object.keys(plausibleBody(ids)).map((key) => [key, POLLUTION])));

/** A LibreChat export with pollution keys at every level the importer reads. */
function pollutingExport(ids: OwnIds): string {
  const message = withRaw(
    { messageId: 'm1', parentMessageId: '00000000-0000-0000-0000-000000000000', text: 'hi', isCreatedByUser: true },
    { ['__proto__']: POLLUTION, constructor: POLLUTION, content: `[${POLLUTION}]`, children: `[${POLLUTION}]` },
  );
  return withRaw(
    { conversationId: ids.conversationId, title: 'x' },
    { ['__proto__']: POLLUTION, options: POLLUTION, messages: `[${message}]` },
  );
}

/** `plausibleBody` as JSON text with `bytes` spliced into its `text` field. */
function withBytesInText(ids: OwnIds, bytes: number[]): Uint8Array {
  const utf8 = new TextEncoder();
  const [head = '', tail = ''] = JSON.stringify({ ...plausibleBody(ids), text: '@@' }).split('@@');
  return new Uint8Array([...utf8.encode(head), ...bytes, ...utf8.encode(tail)]);
}

/** The light inputs: each route receives all of them. */
export function hostileBodies(): HostileBody[] {
  const pollutionKeys = { ['__proto__']: '{"polluted":"yes"}', constructor: POLLUTION, prototype: POLLUTION };
  return [
    json('pollution keys at the top', (ids) => withRaw(plausibleBody(ids), pollutionKeys)),
    json('pollution keys in every field', pollutionInEveryField),
    json('pollution keys inside arg', (ids) => withRaw({ ...plausibleBody(ids), arg: undefined }, { arg: POLLUTION })),
    json('an array for the body', (ids) => JSON.stringify([plausibleBody(ids)])),
    json('arrays for every field', (ids) => each(ids, (value) => [value])),
    json('objects for every field', (ids) => each(ids, () => ({ 0: 'a', length: 1 }))),
    json('numbers as strings', (ids) => each(ids, (value) => (typeof value === 'string' ? value : String(value)))),
    json('strings as numbers', (ids) => each(ids, (value) => (typeof value === 'string' ? 12345 : value))),
    json('numbers out of range', (ids) => withRaw(plausibleBody(ids), { position: '1e400', temperature: '-1e400' })),
    json('nulls for every field', (ids) => each(ids, () => null)),
    json('a 1 MB string in a field', (ids) => JSON.stringify({ ...plausibleBody(ids), text: 'x'.repeat(MB - 4096) })),
    json('long strings in every field', (ids) => each(ids, () => 'y'.repeat(16 * 1024))),
    json('NUL and control characters', (ids) => each(ids, (value) => (typeof value === 'string' ? CONTROL : value))),
    json('malformed JSON', () => '{"text": "unterminated'),
    json('an empty body', () => ''),
    {
      name: 'invalid UTF-8',
      contentType: JSON_TYPE,
      body: (ids) => withBytesInText(ids, [0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80]),
    },
    { name: 'JSON sent as text/plain', contentType: 'text/plain', body: (ids) => JSON.stringify(plausibleBody(ids)) },
    { name: 'multipart without a boundary', contentType: 'multipart/form-data', body: () => 'garbage' },
    {
      name: 'a polluting form',
      contentType: 'application/x-www-form-urlencoded',
      body: () => '__proto__[polluted]=yes&constructor[prototype][polluted]=yes&__proto__.polluted=yes&file=x',
    },
    upload('an uploaded export with pollution keys', 'export.json', 'application/json', pollutingExport),
    upload('an image file that is not an image', 'avatar.png', 'image/png', () => '\u0000GIF89a<script>'),
  ];
}

/** The heavy inputs: each route receives them once. */
export function heavyBodies(): HostileBody[] {
  const DEPTH = 10_000;
  const deepObject = () => `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;
  const tenMb = () => `{"text":"${'z'.repeat(10 * MB)}"}`;
  const deepFields = ['arg', 'text', 'conversationId', 'content', 'tags'];
  return [
    json('10,000 nested arrays', () => `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`),
    json('10,000 nested objects in the main fields', (ids) =>
      withRaw(plausibleBody(ids), Object.fromEntries(deepFields.map((key) => [key, deepObject()]))),
    ),
    upload('an uploaded file of 10,000 nested objects', 'deep.json', 'application/json', deepObject),
    upload('an export whose message tree is 10,000 deep', 'tree.json', 'application/json', () => deepTreeExport(DEPTH)),
    upload('a ChatGPT export with a 10,000-long chain', 'chain.json', 'application/json', () => longChainExport(DEPTH)),
    { ...upload('an uploaded 10 MB file', 'big.json', 'application/json', tenMb), overLimit: true },
    { ...json('a 10 MB body', tenMb), overLimit: true },
    {
      name: 'a 10 MB body streamed without a length',
      contentType: JSON_TYPE,
      body: () => new Blob([tenMb()]).stream(),
      overLimit: true,
    },
  ];
}

/** A LibreChat export whose `messagesTree` nests `depth` replies, each the child of the one before. */
function deepTreeExport(depth: number): string {
  const open = (i: number) => `{"messageId":"m${i}","text":"t","isCreatedByUser":${i % 2 === 0},"children":[`;
  const tree = `${Array.from({ length: depth }, (_, i) => open(i)).join('')}${']}'.repeat(depth)}`;
  return `{"conversationId":"c","title":"deep","messagesTree":[${tree}]}`;
}

/** A ChatGPT export of one conversation whose `mapping` is a chain of `length` messages. */
function longChainExport(length: number): string {
  const nodes = Array.from({ length }, (_, i) => {
    const message = {
      id: `n${i}`,
      author: { role: i % 2 ? 'assistant' : 'user' },
      content: { content_type: 'text', parts: ['t'] },
    };
    return [
      `n${i}`,
      { id: `n${i}`, message, parent: i ? `n${i - 1}` : null, children: i + 1 < length ? [`n${i + 1}`] : [] },
    ];
  });
  return JSON.stringify([{ title: 'chain', mapping: Object.fromEntries(nodes), current_node: `n${length - 1}` }]);
}

/** Query strings every route receives (GET routes read them; others must ignore them). */
export function hostileQueries(): string[] {
  const huge = 'q'.repeat(64 * 1024);
  return [
    '?limit=-1&pageSize=-1&pageNumber=-1',
    '?cursor=garbage',
    '?cursor=eyJfX3Byb3RvX18iOnsicG9sbHV0ZWQiOiJ5ZXMifX0',
    '?limit=1&limit=2&order=asc&order=desc&sortBy=title&sortBy=updatedAt&tags=a&tags[]=b',
    '?__proto__[polluted]=yes&constructor[prototype][polluted]=yes&__proto__=x&prototype=y&sortBy=__proto__',
    `?search=${huge}&cursor=${huge}&name=${huge}&tags=${huge}`,
    '?search=%00%01%07%1b%7f&name=%00&conversationId=%0d%0aSet-Cookie:x',
    '?search=%E0%A4%A&cursor=%ff%fe&name=%&order=%zz',
    '?limit=1e309&limit=NaN&isArchived=maybe&order=sideways&pageSize=0x10&shared=[]',
  ];
}

/** Cookies a browser would never send: duplicates, bad percent-encoding, pollution names. */
export const HOSTILE_COOKIES =
  'refreshToken=%E0%A4%A; refreshToken=x; __proto__=polluted; constructor=x; oauth_apple=%ff%fe; token_provider=%00';

/** Values for a path parameter other than the user's own: an unknown id, and malformed ones. */
export function hostilePathValues(): string[] {
  return [
    crypto.randomUUID(),
    '__proto__',
    'constructor',
    '%00',
    '%E0%A4%A',
    'x'.repeat(4096),
    '..%2F..%2Fadmin',
    '-1',
  ];
}
