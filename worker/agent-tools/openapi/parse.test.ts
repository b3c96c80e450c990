import { describe, expect, it } from 'vitest';
import { MAX_SPEC_BYTES } from './load';
import { MAX_OPERATIONS, parseActionSpec, type ParsedActionSpec } from './parse';
import { PETS_DOMAIN, PETS_YAML, petsDocument } from '../../test/mock-tools/pets-openapi';

function operations(result: ParsedActionSpec) {
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.operations;
}

function errors(result: ParsedActionSpec) {
  if (result.ok) throw new Error('the document was accepted');
  return result.errors;
}

const withPaths = (paths: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ ...petsDocument(), paths, ...extra });

describe('parseActionSpec: a valid document', () => {
  const ops = operations(parseActionSpec(JSON.stringify(petsDocument()), PETS_DOMAIN));

  it('gives one operation per path and method, named by operationId or method and path', () => {
    expect(ops.map((op) => [op.name, op.method, op.path])).toEqual([
      ['listPets', 'get', '/pets'],
      ['createPet', 'post', '/pets'],
      ['showPet', 'get', '/pets/{petId}'],
      ['delete_pets_petId', 'delete', '/pets/{petId}'],
    ]);
    expect(ops.every((op) => op.serverUrl === 'https://pets.example.com/v1')).toBe(true);
    expect(ops.map((op) => op.description)).toEqual([
      'List the pets',
      'Add a pet',
      'GET /pets/{petId}',
      'Remove a pet',
    ]);
  });

  it('describes query parameters for the model, with their descriptions', () => {
    expect(ops[0]?.parameters).toEqual({
      type: 'object',
      properties: {
        limit: { type: 'integer', description: 'How many at most' },
        tags: { type: 'array', items: { type: 'string' } },
      },
    });
    expect(ops[0]?.params).toEqual([
      { name: 'limit', in: 'query', required: false },
      { name: 'tags', in: 'query', required: false },
    ]);
    expect(ops[0]?.body).toBeNull();
  });

  it('merges a JSON object body into the arguments, its $refs inlined', () => {
    expect(ops[1]?.parameters).toEqual({
      type: 'object',
      properties: { name: { type: 'string' }, owner: { type: 'object', properties: { email: { type: 'string' } } } },
      required: ['name'],
    });
    expect(ops[1]?.body).toEqual({ mode: 'merged', properties: ['name', 'owner'] });
  });

  it('inherits path-level parameters and offers only headers a model may set', () => {
    expect(ops[2]?.params).toEqual([
      { name: 'petId', in: 'path', required: true },
      { name: 'X-Request-Id', in: 'header', required: false },
    ]);
    expect(ops[2]?.parameters.required).toEqual(['petId']);
  });

  it('reads the same document written in YAML (OpenAPI 3.0)', () => {
    expect(operations(parseActionSpec(PETS_YAML, PETS_DOMAIN))).toEqual(ops);
  });

  it('accepts the domain written as a URL, and server variables with defaults', () => {
    const document = {
      ...petsDocument(),
      servers: [{ url: 'https://{host}/v2', variables: { host: { default: 'pets.example.com' } } }],
    };
    const parsed = operations(parseActionSpec(JSON.stringify(document), 'https://Pets.Example.com/'));
    expect(parsed[0]?.serverUrl).toBe('https://pets.example.com/v2');
  });
});

describe('parseActionSpec: bodies and names', () => {
  it('wraps a body that is not an object, or whose names clash with a parameter, under "body"', () => {
    const ops = operations(
      parseActionSpec(
        withPaths({
          '/batch': {
            post: {
              requestBody: {
                content: { 'application/json': { schema: { type: 'array', items: { type: 'integer' } } } },
              },
            },
          },
          '/items/{id}': {
            put: {
              parameters: [{ name: 'id', in: 'path', schema: { type: 'integer' } }],
              requestBody: {
                required: true,
                content: {
                  'application/json': { schema: { type: 'object', properties: { id: { type: 'integer' } } } },
                },
              },
            },
          },
        }),
        PETS_DOMAIN,
      ),
    );
    expect(ops[0]?.body).toEqual({ mode: 'wrapped' });
    expect(ops[0]?.parameters.properties.body).toEqual({
      description: 'The JSON request body.',
      type: 'array',
      items: { type: 'integer' },
    });
    expect(ops[1]?.body).toEqual({ mode: 'wrapped' });
    expect(ops[1]?.parameters.required).toEqual(['id', 'body']);
  });

  it('merges an object body written without "type: object"', () => {
    const body = { content: { 'application/json': { schema: { properties: { q: { type: 'string' } } } } } };
    const [operation] = operations(
      parseActionSpec(withPaths({ '/search': { post: { requestBody: body } } }), PETS_DOMAIN),
    );
    expect(operation?.body).toEqual({ mode: 'merged', properties: ['q'] });
  });

  it('offers no body for a GET (fetch cannot send one)', () => {
    const body = {
      content: { 'application/json': { schema: { type: 'object', properties: { q: { type: 'string' } } } } },
    };
    const [operation] = operations(
      parseActionSpec(withPaths({ '/search': { get: { requestBody: body } } }), PETS_DOMAIN),
    );
    expect(operation?.body).toBeNull();
    expect(operation?.parameters.properties).toEqual({});
  });

  it('sanitises names to 64 provider-safe characters and keeps them unique', () => {
    const long = 'x'.repeat(80);
    const ops = operations(
      parseActionSpec(
        withPaths({
          '/a b/{c}': {
            parameters: [{ name: 'c', in: 'path' }],
            get: { operationId: 'same' },
            patch: { operationId: 'same' },
          },
          '/z': { get: { operationId: 'Same' }, post: { operationId: long }, put: { operationId: long } },
        }),
        PETS_DOMAIN,
      ),
    );
    expect(ops.map((op) => op.name)).toEqual(['same', 'same_2', 'Same_3', 'x'.repeat(64), `${'x'.repeat(62)}_2`]);
    expect(
      operations(
        parseActionSpec(withPaths({ '/a b/{c}': { parameters: [{ name: 'c', in: 'path' }], get: {} } }), PETS_DOMAIN),
      )[0]?.name,
    ).toBe('get_a_b_c');
  });
  it('keeps a parameter or property named __proto__ as an ordinary name', () => {
    const raw = `{"openapi":"3.1.0","servers":[{"url":"https://pets.example.com"}],"paths":{"/p":{"post":{
      "parameters":[{"name":"__proto__","in":"query","schema":{"type":"string"}}],
      "requestBody":{"content":{"application/json":{"schema":{"type":"object","properties":{"__proto__":{"type":"object","properties":{"polluted":{"type":"string"}}}}}}}}}}}}`;
    const [operation] = operations(parseActionSpec(raw, PETS_DOMAIN));
    expect(Object.getPrototypeOf(operation?.parameters.properties)).toBe(Object.prototype);
    expect(Object.hasOwn(operation?.parameters.properties ?? {}, '__proto__')).toBe(true);
    expect(operation?.body).toEqual({ mode: 'wrapped' });
  });
});

describe('parseActionSpec: problems', () => {
  it.each([
    ['Swagger 2', JSON.stringify({ swagger: '2.0', paths: {} }), 'Only OpenAPI 3 documents are supported'],
    ['broken JSON', '{"openapi": "3.1.0",', 'not valid JSON'],
    ['broken YAML', 'openapi: 3.1.0\npaths: [unclosed', 'not valid YAML'],
    ['a list', '[1, 2]', 'must be an object'],
    ['nothing', '   ', 'empty'],
    ['no paths', JSON.stringify({ openapi: '3.0.0' }), 'no paths'],
  ])('%s', (_, raw, message) => {
    const [first, ...rest] = errors(parseActionSpec(raw, PETS_DOMAIN));
    expect(first?.message).toContain(message);
    expect(rest).toEqual([]);
  });

  it('refuses a document over 1 MB before parsing it', () => {
    const raw = JSON.stringify({ ...petsDocument(), padding: 'x'.repeat(MAX_SPEC_BYTES) });
    expect(errors(parseActionSpec(raw, PETS_DOMAIN))[0]?.message).toMatch(/at most 1048576 bytes/);
  });

  it('collects every problem with its path, "Unsupported HTTP method" naming path and method', () => {
    const result = parseActionSpec(
      withPaths({
        '/pets': {
          head: {},
          trace: {},
          COPY: {},
          summary: 'not an operation',
          'x-internal': true,
          get: { parameters: [{ name: 'session', in: 'cookie' }] },
          post: { requestBody: { content: { 'multipart/form-data': { schema: { type: 'object' } } } } },
        },
        '/pets/{petId}': { get: { servers: [{ url: 'https://evil.example.net/' }] } },
        '/remote': { get: { parameters: [{ $ref: 'https://evil.example.net/params.json' }] } },
        'no-slash': { get: {} },
        '/broken': { post: 'not an object' },
      }),
      PETS_DOMAIN,
    );
    expect(errors(result)).toEqual([
      { path: 'paths./pets.head', message: 'Unsupported HTTP method: HEAD /pets' },
      { path: 'paths./pets.trace', message: 'Unsupported HTTP method: TRACE /pets' },
      { path: 'paths./pets.COPY', message: 'Unsupported HTTP method: COPY /pets' },
      { path: 'paths./pets.get.parameters[0]', message: 'Cookie parameters are not supported (session in GET /pets)' },
      {
        path: 'paths./pets.post.requestBody',
        message: 'The request body of POST /pets must be JSON (found multipart/form-data)',
      },
      { path: 'paths./pets/{petId}.get', message: 'Path parameter {petId} of GET /pets/{petId} is not declared' },
      {
        path: 'paths./pets/{petId}.get.servers[0].url',
        message: "The server URL's domain (evil.example.net) must match the action's domain (pets.example.com)",
      },
      {
        path: 'paths./remote.get.parameters[0].$ref',
        message: 'Remote $ref "https://evil.example.net/params.json" is not supported; only local ones (#/...)',
      },
      { path: 'paths.no-slash', message: 'The path "no-slash" must start with /' },
      { path: 'paths./broken.post', message: 'The operation POST /broken must be an object' },
    ]);
  });

  it.each([
    [[{ url: '/v1' }], 'must be absolute'],
    [[{ url: 'ftp://pets.example.com/' }], 'must use http or https'],
    [[{ url: 'https://user:pw@pets.example.com/' }], 'no credentials'],
    [[], 'A server URL is required'],
  ])('refuses the server %j', (servers, message) => {
    const problems = errors(parseActionSpec(JSON.stringify({ ...petsDocument(), servers }), PETS_DOMAIN));
    expect(problems).toHaveLength(1); // told once, not once per operation
    expect(problems[0]?.message).toContain(message);
  });

  it('refuses $ref cycles, dangling references and chains deeper than 20', () => {
    const chain = Object.fromEntries(
      Array.from({ length: 25 }, (_, index) => [`S${index}`, { $ref: `#/components/schemas/S${index + 1}` }]),
    );
    const schemas = {
      Node: { type: 'object', properties: { next: { $ref: '#/components/schemas/Node' } } },
      ...chain,
      S25: { type: 'string' },
    };
    const body = (ref: string) => ({ requestBody: { content: { 'application/json': { schema: { $ref: ref } } } } });
    const raw = withPaths(
      {
        '/cycle': { post: body('#/components/schemas/Node') },
        '/dangling': { post: body('#/components/schemas/Missing') },
        '/deep': { post: body('#/components/schemas/S0') },
      },
      { components: { schemas } },
    );
    const messages = errors(parseActionSpec(raw, PETS_DOMAIN)).map((problem) => problem.message);
    expect(messages).toEqual([
      '$ref "#/components/schemas/Node" refers to itself (a cycle)',
      '$ref "#/components/schemas/Missing" points to nothing in the document',
      '$ref "#/components/schemas/S20" is nested more than 20 deep',
    ]);
  });

  it('stops a small document whose references multiply into a huge one', () => {
    const schemas: Record<string, unknown> = { L0: { type: 'string' } };
    for (let level = 1; level <= 18; level += 1) {
      const ref = { $ref: `#/components/schemas/L${level - 1}` };
      schemas[`L${level}`] = { type: 'object', properties: { a: ref, b: ref } };
    }
    const raw = withPaths(
      {
        '/bomb': {
          post: { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/L18' } } } } },
        },
      },
      { components: { schemas } },
    );
    expect(errors(parseActionSpec(raw, PETS_DOMAIN))[0]?.message).toBe(
      'The document grows too large once its $refs are inlined',
    );
  });

  it(`allows at most ${MAX_OPERATIONS} operations`, () => {
    const paths = Object.fromEntries(Array.from({ length: 101 }, (_, index) => [`/op${index}`, { get: {} }]));
    expect(errors(parseActionSpec(withPaths(paths), PETS_DOMAIN))).toEqual([
      { path: 'paths', message: 'The document has 101 operations; at most 100 are allowed' },
    ]);
  });
});
