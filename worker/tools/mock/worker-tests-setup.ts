/**
 * vitest's global setup for the worker tests (vitest.config.mts): runs in Node, before the
 * workerd pool starts, and serves the mock provider on loopback for the tests that talk to an
 * engine over real HTTP rather than through a stubbed fetch (its speech faces, in each
 * engine's wire format). Its origin reaches the tests as `inject('mockProviderOrigin')`.
 */
import type { TestProject } from 'vitest/node';
import { startMockOpenAI } from './mock-openai-server';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const mock = await startMockOpenAI();
  project.provide('mockProviderOrigin', new URL(mock.baseURL).origin);
  return () => mock.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    mockProviderOrigin: string;
  }
}
