/**
 * Encodes AWS event-stream frames with string headers: what Bedrock sends, for the test fixtures
 * and the Node mock provider. Kept apart from the decoder so the Worker bundle never needs it,
 * and free of Worker or Node APIs so both sides can import it.
 */
import { crc32 } from './crc32';

const utf8 = new TextEncoder();

export function encodeEventStreamFrame(headers: Record<string, string>, payload: Uint8Array | string): Uint8Array {
  const body = typeof payload === 'string' ? utf8.encode(payload) : payload;
  const headerBytes = Object.entries(headers).map(([name, value]) => {
    const nameBytes = utf8.encode(name);
    const valueBytes = utf8.encode(value);
    const out = new Uint8Array(1 + nameBytes.length + 1 + 2 + valueBytes.length);
    const view = new DataView(out.buffer);
    out[0] = nameBytes.length;
    out.set(nameBytes, 1);
    out[1 + nameBytes.length] = 7; // string
    view.setUint16(2 + nameBytes.length, valueBytes.length);
    out.set(valueBytes, 4 + nameBytes.length);
    return out;
  });
  const headersLength = headerBytes.reduce((sum, bytes) => sum + bytes.length, 0);
  const total = 12 + headersLength + body.length + 4;
  const frame = new Uint8Array(total);
  const view = new DataView(frame.buffer);
  view.setUint32(0, total);
  view.setUint32(4, headersLength);
  view.setUint32(8, crc32(frame, 0, 8));
  let at = 12;
  for (const bytes of headerBytes) {
    frame.set(bytes, at);
    at += bytes.length;
  }
  frame.set(body, at);
  view.setUint32(total - 4, crc32(frame, 0, total - 4));
  return frame;
}

/** A Bedrock event frame: `:event-type` names the member of the ConverseStream output union. */
export function encodeBedrockEvent(eventType: string, payload: unknown): Uint8Array {
  return encodeEventStreamFrame(
    { ':event-type': eventType, ':content-type': 'application/json', ':message-type': 'event' },
    JSON.stringify(payload),
  );
}

/** A Bedrock exception frame, e.g. `throttlingException` with `{"message": …}`. */
export function encodeBedrockException(exceptionType: string, message: string): Uint8Array {
  return encodeEventStreamFrame(
    { ':exception-type': exceptionType, ':content-type': 'application/json', ':message-type': 'exception' },
    JSON.stringify({ message }),
  );
}
