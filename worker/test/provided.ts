/** What the worker tests' global setup (worker/tools/mock/worker-tests-setup.ts) shares with them. */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The loopback mock provider's origin, e.g. http://127.0.0.1:40123 (see its speech faces). */
    mockProviderOrigin: string;
  }
}

export {};
