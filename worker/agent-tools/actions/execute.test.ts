import { describe, expect, it } from 'vitest';
import { PETS_ORIGIN, petsHandler, type PetsHandlerOptions } from '../../test/mock-tools/action-handler';
import { dohHandler, MOCK_DOH_ORIGIN, MOCK_DOH_URL } from '../../test/mock-tools/doh-handler';
import { handlerFetch } from '../../test/mock-tools/handler-fetch';
import { PETS_DOMAIN, petsDocument } from '../../test/mock-tools/pets-openapi';
import { createDohResolver } from '../net/doh';
import type { ActionOperation } from '../openapi/operation';
import { parseActionSpec } from '../openapi/parse';
import type { NetworkPolicy, ToolContext } from '../types';
import type { ActionAuth } from './auth';
import { executeAction } from './execute';

const parsed = parseActionSpec(JSON.stringify(petsDocument()), PETS_DOMAIN);
if (!parsed.ok) throw new Error('the pets document does not parse');
const op = (name: string): ActionOperation => {
  const found = parsed.operations.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no operation ${name}`);
  return found;
};
/** A bare GET operation on the pets server, for the answers the document does not describe. */
const getPath = (path: string): ActionOperation => ({
  ...op('listPets'),
  name: path,
  path,
  params: [],
  parameters: { type: 'object', properties: {} },
});

function harness(
  options: { handler?: PetsHandlerOptions; network?: Partial<NetworkPolicy>; signal?: AbortSignal } = {},
) {
  const net = handlerFetch({
    [MOCK_DOH_ORIGIN]: dohHandler({ [PETS_DOMAIN]: ['93.184.215.20'] }),
    [PETS_ORIGIN]: petsHandler(options.handler),
  });
  const context: ToolContext = {
    signal: options.signal ?? new AbortController().signal,
    userId: 'user-1',
    conversationId: 'conversation-1',
    network: { allowedDomains: null, privateHosts: [], dnsResolver: MOCK_DOH_URL, ...options.network },
  };
  const deps = { fetch: net.fetch, resolve: createDohResolver({ resolverUrl: MOCK_DOH_URL, fetch: net.fetch }) };
  const run = (operation: ActionOperation, args: Record<string, unknown>, auth: ActionAuth = { type: 'none' }) =>
    executeAction(operation, auth, args, context, deps);
  const sent = () => net.seen.filter((request) => request.url.startsWith(PETS_ORIGIN));
  return { run, sent };
}

describe('executeAction: building the request', () => {
  it('sends query parameters (arrays repeated) and answers JSON pretty-printed', async () => {
    const { run, sent } = harness();
    const result = await run(op('listPets'), { limit: 2, tags: ['a', 'b'], unknown: 'dropped' });
    expect(sent()[0]?.url).toBe('https://pets.example.com/v1/pets?limit=2&tags=a&tags=b');
    expect(result).toEqual({ output: JSON.stringify({ limit: '2', tags: ['a', 'b'] }, null, 2), isError: false });
  });

  it('sends a merged body as JSON, with only its declared properties', async () => {
    const { run } = harness();
    const result = await run(op('createPet'), { name: 'Rex', owner: { email: 'a@b.c' }, limit: 9 });
    expect(JSON.parse(result.output)).toEqual({
      created: { name: 'Rex', owner: { email: 'a@b.c' } },
      type: 'application/json',
    });
  });

  it('encodes path parameters and sends only declared headers', async () => {
    const { run, sent } = harness();
    const result = await run(op('showPet'), {
      petId: 'a b/../c?',
      'X-Request-Id': 'r-1',
      Authorization: 'Bearer stolen',
      Host: 'evil.example.net',
      Cookie: 'session=1',
    });
    expect(sent()[0]?.url).toBe('https://pets.example.com/v1/pets/a%20b%2F..%2Fc%3F');
    const answer = JSON.parse(result.output) as { id: string; requestId: string; headers: string[] };
    expect(answer.id).toBe('a b/../c?');
    expect(answer.requestId).toBe('r-1');
    expect(answer.headers.sort()).toEqual(['accept', 'x-request-id']);
  });

  it('answers an error result without sending when a required argument is missing or a path segment is a dot', async () => {
    const { run, sent } = harness();
    expect(await run(op('showPet'), {})).toEqual({ output: 'Missing required parameter "petId"', isError: true });
    expect(await run(op('showPet'), { petId: '..' })).toEqual({
      output: 'Invalid value for path parameter "petId"',
      isError: true,
    });
    expect(await run(op('showPet'), { petId: 'x', 'X-Request-Id': 'a\r\nHost: evil' })).toEqual({
      output: 'Invalid value for header "X-Request-Id"',
      isError: true,
    });
    expect(await run({ ...op('listPets'), serverUrl: 'not a url' }, {})).toEqual({
      output: "The action's URL not a url/pets is not valid",
      isError: true,
    });
    expect(sent()).toEqual([]);
  });
});

describe('executeAction: auth', () => {
  it.each<[string, ActionAuth, PetsHandlerOptions['credential']]>([
    ['bearer', { type: 'bearer', apiKey: 'sk-1' }, { header: 'authorization', value: 'Bearer sk-1' }],
    ['basic', { type: 'basic', apiKey: 'user:pass' }, { header: 'authorization', value: 'Basic dXNlcjpwYXNz' }],
    ['a custom header', { type: 'custom', header: 'X-Api-Key', apiKey: 'k-1' }, { header: 'x-api-key', value: 'k-1' }],
  ])('sends %s credentials, which a model argument cannot replace', async (_, auth, credential) => {
    const { run } = harness({ handler: { credential } });
    expect((await run(op('listPets'), { limit: 1 }, auth)).isError).toBe(false);
    expect(await run(op('listPets'), { limit: 1 })).toEqual({
      output: `HTTP 401: ${JSON.stringify({ message: 'Unauthorized' }, null, 2)}`,
      isError: true,
    });
  });
});

describe('executeAction: answers', () => {
  it('gives a failed status as an error result with the start of the body', async () => {
    const { run } = harness();
    const result = await run(op('showPet'), { petId: 'missing' });
    expect(result.isError).toBe(true);
    expect(result.output).toBe(`HTTP 404: ${JSON.stringify({ error: 'no pet missing' }, null, 2)}`);
  });

  it('says when a call succeeded with no content', async () => {
    const { run } = harness();
    expect(await run(op('delete_pets_petId'), { petId: '7' })).toEqual({
      output: 'The request succeeded (HTTP 204) with no content.',
      isError: false,
    });
  });

  it('gives text as it is and summarises binary', async () => {
    const { run } = harness();
    expect(await run(getPath('/text'), {})).toEqual({ output: 'plain words', isError: false });
    expect(await run(getPath('/image'), {})).toEqual({ output: '[binary image/png, 8 bytes]', isError: false });
  });

  it('reads at most 1 MiB and says the rest was not read', async () => {
    const { run } = harness();
    const { output } = await run(getPath('/huge'), {});
    expect(output.startsWith('y'.repeat(1_048_576) + '\n\n')).toBe(true);
    expect(output.endsWith('[Response cut: only the first 1048576 bytes were read.]')).toBe(true);
  });
});

describe('executeAction: the outbound guard', () => {
  it('refuses a redirect to loopback', async () => {
    const { run } = harness();
    expect(await run(getPath('/redirect-to-loopback'), {})).toEqual({
      output: 'Request refused: 127.0.0.1 is a loopback address',
      isError: true,
    });
  });

  it('refuses a domain outside actions.allowedDomains without sending anything', async () => {
    const { run, sent } = harness({ network: { allowedDomains: ['*.other.example.org'] } });
    expect(await run(op('listPets'), {})).toEqual({
      output: 'Request refused: pets.example.com is not in the allowed domains',
      isError: true,
    });
    expect(sent()).toEqual([]);
  });

  it('answers a network failure as an error result', async () => {
    const { run } = harness();
    const elsewhere = { ...getPath('/x'), serverUrl: 'https://93.184.215.99' };
    const result = await run(elsewhere, {});
    expect(result.isError).toBe(true);
    expect(result.output).toMatch(/^The request to 93\.184\.215\.99 failed: /);
  });

  it('rethrows a stop or timeout of the call for the tool loop to report', async () => {
    const { run } = harness({ signal: AbortSignal.timeout(20) });
    await expect(run(getPath('/slow'), {})).rejects.toMatchObject({ name: 'TimeoutError' });
  });
});
