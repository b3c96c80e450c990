/** AWS Bedrock ConverseStream provider. */
export { streamBedrockChat, type BedrockTarget } from './stream';
