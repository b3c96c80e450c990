import { type FetchCall, jsonResponse, mockFetch } from '@/testing/fetch-mock';

type Route = (call: FetchCall) => Response | Promise<Response>;

/**
 * Mocks fetch with one handler per `"METHOD /path"`; anything else answers 404. `sent(key)`
 * lists the calls made to one of them, with their JSON bodies parsed.
 */
export function mockApi(routes: Record<string, Route>) {
  const mock = mockFetch((call) => {
    const route = routes[`${call.method} ${call.url}`];
    return route ? route(call) : jsonResponse({ message: 'Not found', code: 'not_found' }, 404);
  });
  const sent = (key: string) =>
    mock.calls
      .filter((call) => `${call.method} ${call.url}` === key)
      .map((call): unknown => (call.body ? JSON.parse(call.body) : undefined));
  return { ...mock, sent };
}

export const ok =
  (body: unknown = { message: 'ok' }) =>
  () =>
    jsonResponse(body);
export const fail =
  (status: number, message = 'Failed') =>
  () =>
    jsonResponse({ message }, status);
