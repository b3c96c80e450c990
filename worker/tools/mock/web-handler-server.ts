/**
 * A web-standard handler (Request → Response, as the mocks in worker/test/mock-tools are) served
 * on 127.0.0.1 for end-to-end runs. Node's request and response are turned into web ones and
 * back, streaming the answer so event streams stay open.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export interface WebHandlerServer {
  /** The origin, e.g. http://127.0.0.1:41234 */
  url: string;
  close(): Promise<void>;
}

/** Mock requests are small (JSON-RPC messages, API calls); anything near this is a mistake. */
const MAX_BODY_BYTES = 1024 * 1024;

async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new Error('request body too large');
    chunks.push(chunk);
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && chunks.length > 0;
  return new Request(new URL(req.url ?? '/', origin), {
    method: req.method ?? 'GET',
    headers,
    ...(hasBody ? { body: Buffer.concat(chunks) } : {}),
  });
}

async function sendResponse(response: Response, res: ServerResponse): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, headers);
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  // A client that goes away cancels the body, as a Worker's runtime would.
  res.on('close', () => void reader.cancel().catch(() => undefined));
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      res.write(value);
    }
    res.end();
  } catch {
    // The handler broke its body off on purpose (a server dying mid-answer): cut the connection.
    res.destroy();
  }
}

export async function serveWebHandler(handle: (request: Request) => Promise<Response>): Promise<WebHandlerServer> {
  let origin = '';
  const server = createServer((req, res) => {
    toRequest(req, origin)
      .then((request) => handle(request))
      .then((response) => sendResponse(response, res))
      .catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' });
        res.end(error instanceof Error ? error.message : String(error));
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port: 0 }, () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The mock server is not on a TCP port.');
  origin = `http://127.0.0.1:${address.port}`;
  return {
    url: origin,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
