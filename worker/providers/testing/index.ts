/** Test helpers shared by every provider module's tests (fixtures replayed over fake fetches). */
export {
  awkwardSplitPoints,
  chunkedResponse,
  CONNECTION_LOST_MESSAGE,
  cutAfter,
  jsonResponse,
  offsetOf,
  splitBytes,
  stallAfter,
  type ChunkPlan,
  type Cut,
  type FixtureResponseInit,
} from './chunked-response';
export { collectEvents, reasoningOf, textOf, type Collected } from './collect';
export { fakeFetch, type FakeAnswer, type FakeFetch, type RecordedCall } from './fake-fetch';
