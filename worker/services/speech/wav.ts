/**
 * WAV pieces joined into one WAV. An engine that answers WAV (LocalAI) sends each piece of a
 * long text as a whole file: header, then PCM. Files laid end to end are not one file (players
 * stop at the end of the first one's data), so the answer gets one header, and each piece
 * contributes only its PCM. PCM samples concatenate only when every piece has the same format
 * (encoding, channels, rate, sample size); a piece that differs ends the answer with an error.
 *
 * The header is sent before the later pieces exist, so their length is unknown then: it gives
 * 0xFFFFFFFF for the RIFF and data sizes, the convention of WAV written to a pipe (ffmpeg, sox),
 * which decoders read as "audio until the end of the stream". A single piece keeps its exact
 * sizes, and the copy kept in the cache is given the real ones once the length is known.
 */
import { ERROR_CODES } from '../../contract/errors';
import { HttpError } from '../../http-error';

/** What a header says when the data's length is not known yet. */
export const UNKNOWN_SIZE = 0xffffffff;

/** Header bytes (all chunks before `data`) a piece may have; anything longer is not a speech WAV. */
const MAX_HEADER_BYTES = 64 * 1024;

const WAV_TYPES = new Set(['audio/wav', 'audio/x-wav', 'audio/wave', 'audio/vnd.wave']);

export function isWavType(contentType: string): boolean {
  return WAV_TYPES.has(contentType);
}

export interface WavFormat {
  /** 1 PCM, 3 IEEE float, 0xFFFE extensible (then `subFormat` decides). */
  formatTag: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  /** Bytes of one sample frame (all channels): PCM is only ever cut at a multiple of it. */
  blockAlign: number;
  subFormat: number | undefined;
  /** The `fmt ` chunk's body as the engine wrote it, reused for the joined header. */
  chunk: Uint8Array;
}

export function describeWavFormat(format: WavFormat): string {
  const channels = format.channels === 1 ? '1 channel' : `${format.channels} channels`;
  return `${format.sampleRate} Hz, ${channels}, ${format.bitsPerSample}-bit (format ${format.subFormat ?? format.formatTag})`;
}

export function sameWavFormat(a: WavFormat, b: WavFormat): boolean {
  return (
    a.formatTag === b.formatTag &&
    a.subFormat === b.subFormat &&
    a.channels === b.channels &&
    a.sampleRate === b.sampleRate &&
    a.bitsPerSample === b.bitsPerSample &&
    a.blockAlign === b.blockAlign
  );
}

export function wavError(message: string): HttpError {
  return new HttpError(502, message, ERROR_CODES.speechEngineError);
}

const ascii = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

function parseFormat(chunk: Uint8Array): WavFormat {
  if (chunk.byteLength < 16) throw wavError('The speech engine sent a WAV whose format chunk is cut short');
  const fields = view(chunk);
  const formatTag = fields.getUint16(0, true);
  const format: WavFormat = {
    formatTag,
    channels: fields.getUint16(2, true),
    sampleRate: fields.getUint32(4, true),
    blockAlign: fields.getUint16(12, true),
    bitsPerSample: fields.getUint16(14, true),
    subFormat: formatTag === 0xfffe && chunk.byteLength >= 26 ? fields.getUint16(24, true) : undefined,
    chunk: chunk.slice(),
  };
  if (format.channels === 0 || format.blockAlign === 0 || format.sampleRate === 0)
    throw wavError('The speech engine sent a WAV with an impossible format');
  return format;
}

/** The header of the joined file: RIFF, the first piece's `fmt ` chunk, and the `data` chunk's head. */
export function wavHeader(format: WavFormat, dataBytes: number = UNKNOWN_SIZE): Uint8Array {
  const fmtSize = format.chunk.byteLength;
  const padded = fmtSize + (fmtSize & 1);
  const header = new Uint8Array(12 + 8 + padded + 8);
  const fields = view(header);
  const tag = (at: number, text: string) =>
    header.set(
      [...text].map((c) => c.charCodeAt(0)),
      at,
    );
  tag(0, 'RIFF');
  const riffSize = dataBytes === UNKNOWN_SIZE ? UNKNOWN_SIZE : header.byteLength - 8 + dataBytes;
  fields.setUint32(4, Math.min(riffSize, UNKNOWN_SIZE), true);
  tag(8, 'WAVE');
  tag(12, 'fmt ');
  fields.setUint32(16, fmtSize, true);
  header.set(format.chunk, 20);
  tag(20 + padded, 'data');
  fields.setUint32(24 + padded, dataBytes, true);
  return header;
}

/**
 * The joined file with its real sizes, for the cache: `headerBytes` is the length of the header
 * wavHeader wrote, so the data chunk's size field is the 4 bytes before it. A file too long for
 * a 32-bit size keeps the "unknown" sizes.
 */
export function withWavSizes(file: Uint8Array, headerBytes: number): Uint8Array {
  if (file.byteLength < headerBytes || file.byteLength - 8 >= UNKNOWN_SIZE) return file;
  const fields = view(file);
  fields.setUint32(4, file.byteLength - 8, true);
  fields.setUint32(headerBytes - 4, file.byteLength - headerBytes, true);
  return file;
}

/**
 * Reads one piece's WAV as it streams: the chunks before `data` are collected and parsed (the
 * format kept, anything else such as LIST skipped), then the PCM is handed on in whole sample
 * frames. Bytes after the data chunk (trailing LIST chunks) are dropped. A data size of 0 or
 * 0xFFFFFFFF (a streamed WAV) means the PCM runs to the end of the body.
 */
export class WavPieceReader {
  format: WavFormat | undefined;
  /** The PCM bytes the piece's header announces, or undefined when it runs to the end. */
  declaredBytes: number | undefined;
  private head = new Uint8Array(0);
  private remaining = 0;
  private inData = false;
  private carry = new Uint8Array(0);

  /** Whether the header has been read and what follows is the piece's PCM. */
  get atAudio(): boolean {
    return this.inData;
  }

  /** The PCM in `bytes` (whole frames only; a frame split across chunks is held back). */
  push(bytes: Uint8Array): Uint8Array {
    if (!this.inData) {
      const joined = new Uint8Array(this.head.byteLength + bytes.byteLength);
      joined.set(this.head);
      joined.set(bytes, this.head.byteLength);
      this.head = joined;
      const start = this.readHeader();
      if (start === undefined) return new Uint8Array(0);
      bytes = this.head.subarray(start);
      this.head = new Uint8Array(0);
    }
    const taken = bytes.subarray(0, Math.min(bytes.byteLength, this.remaining));
    this.remaining -= taken.byteLength;
    return this.wholeFrames(taken);
  }

  /** The piece has ended: it must have reached its audio. A last partial frame is dropped. */
  end(): void {
    if (!this.inData) throw wavError('The speech engine sent audio that is not a complete WAV file');
  }

  /** Where the PCM starts in `head` once the `data` chunk's head has arrived, else undefined. */
  private readHeader(): number | undefined {
    const head = this.head;
    if (head.byteLength >= 12 && (!['RIFF', 'RF64'].includes(ascii(head, 0)) || ascii(head, 8) !== 'WAVE'))
      throw wavError('The speech engine sent audio that is not a WAV file');
    let at = 12;
    while (head.byteLength >= at + 8) {
      const id = ascii(head, at);
      const size = view(head).getUint32(at + 4, true);
      if (id === 'data') {
        if (!this.format) throw wavError('The speech engine sent a WAV without its format');
        const unbounded = size === 0 || size === UNKNOWN_SIZE;
        this.declaredBytes = unbounded ? undefined : size - (size % this.format.blockAlign);
        this.remaining = this.declaredBytes ?? Number.POSITIVE_INFINITY;
        this.inData = true;
        return at + 8;
      }
      const next = at + 8 + size + (size & 1);
      if (next > MAX_HEADER_BYTES) throw wavError('The speech engine sent a WAV whose audio could not be found');
      if (head.byteLength < next) break;
      if (id === 'fmt ') this.format = parseFormat(head.subarray(at + 8, at + 8 + size));
      at = next;
    }
    if (head.byteLength > MAX_HEADER_BYTES)
      throw wavError('The speech engine sent a WAV whose audio could not be found');
    return undefined;
  }

  private wholeFrames(bytes: Uint8Array): Uint8Array {
    const frame = this.format?.blockAlign ?? 1;
    if (this.carry.byteLength === 0 && bytes.byteLength % frame === 0) return bytes;
    const all = new Uint8Array(this.carry.byteLength + bytes.byteLength);
    all.set(this.carry);
    all.set(bytes, this.carry.byteLength);
    const whole = all.byteLength - (all.byteLength % frame);
    this.carry = all.slice(whole);
    return all.subarray(0, whole);
  }
}
