/** AWS Bedrock ConverseStream provider. */
export { converseStreamUrl, streamBedrockChat, type BedrockTarget } from './stream';
export { buildConverseRequest, isAnthropicModel, type ConverseRequestBody } from './request';
export { EventStreamDecoder, EventStreamError, readEventStream, type EventStreamMessage } from './event-stream';
