/** Test helpers shared by every provider module's tests (fixtures replayed over fake fetches). */
export { chunkedResponse, cutAfter, jsonResponse, offsetOf, splitBytes, stallAfter } from './chunked-response';
export { collectEvents, reasoningOf, textOf, toolCallsOf } from './collect';
export { fakeFetch, type FakeAnswer } from './fake-fetch';
