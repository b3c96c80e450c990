/**
 * Talks to the mock provider from a spec (the mock runs in the global setup's process, so specs
 * reach it over HTTP): what it received, and how it should answer next.
 */
import { inject } from 'vitest';
import type { MockOpenAIOptions, RecordedRequest } from '../../worker/tools/mock/mock-openai-server';
import './provided';

async function control(path: string, init?: RequestInit): Promise<unknown> {
  const res = await fetch(`${inject('mockUrl')}/__mock/${path}`, init);
  if (!res.ok) throw new Error(`Mock control ${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** Every /v1 request the mock received since the last `clearMockRequests()`. */
export async function mockRequests(): Promise<RecordedRequest[]> {
  const body = await control('requests');
  if (typeof body !== 'object' || body === null || !('requests' in body) || !Array.isArray(body.requests)) {
    throw new Error('Unexpected answer from the mock provider.');
  }
  return body.requests.filter(isRecordedRequest);
}

export async function clearMockRequests(): Promise<void> {
  await control('requests', { method: 'DELETE' });
}

/** Server-wide behaviour for the next requests; null resets an option to its default. */
export async function setMockOptions(patch: {
  [K in keyof Omit<MockOpenAIOptions, 'port'>]?: MockOpenAIOptions[K] | null;
}): Promise<void> {
  await control('options', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(patch),
  });
}

function isRecordedRequest(value: unknown): value is RecordedRequest {
  return (
    typeof value === 'object' &&
    value !== null &&
    'method' in value &&
    typeof value.method === 'string' &&
    'path' in value &&
    typeof value.path === 'string' &&
    'headers' in value &&
    typeof value.headers === 'object'
  );
}
