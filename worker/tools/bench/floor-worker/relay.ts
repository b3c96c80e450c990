/**
 * The floor of the time-to-first-token bench: what the platform alone costs locally on the way
 * a reply takes (client → Worker → Durable Object → provider and back), with none of the app's
 * work: no auth, no D1, no storage, no parsing. `POST /new` reaches a new object each time (a
 * new conversation), `POST /same` the same warm one (a reply). The body is sent on as it is.
 */
import { DurableObject } from 'cloudflare:workers';

interface Env {
  RELAY: DurableObjectNamespace<Relay>;
  PROVIDER_URL: string;
  PROVIDER_KEY: string;
}

export class Relay extends DurableObject<Env> {
  override async fetch(request: Request): Promise<Response> {
    return fetch(this.env.PROVIDER_URL, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.env.PROVIDER_KEY}`, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: await request.text(),
    });
  }
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    // The bench waits for this before measuring.
    if (request.method === 'GET') return new Response('ready');
    const name = new URL(request.url).pathname === '/same' ? 'warm' : crypto.randomUUID();
    return env.RELAY.get(env.RELAY.idFromName(name)).fetch(request);
  },
} satisfies ExportedHandler<Env>;
