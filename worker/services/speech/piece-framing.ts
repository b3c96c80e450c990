/**
 * How the engine's answers for the pieces of a text become one answer. MP3 frames follow one
 * another, so MP3 pieces are passed on as they are. WAV files do not (see ./wav.ts): the answer
 * gets one header, from the first piece, and every piece gives only its PCM.
 */
import {
  describeWavFormat,
  isWavType,
  sameWavFormat,
  UNKNOWN_SIZE,
  WavPieceReader,
  wavError,
  type WavFormat,
  wavHeader,
  withWavSizes,
} from './wav';

export interface PieceFraming {
  /** Whether what precedes the audio has been read (at once for pieces passed on as they are). */
  readonly ready: boolean;
  /** The bytes to send for this chunk of the piece; throws an HttpError when they cannot be joined. */
  push(bytes: Uint8Array): Uint8Array;
  /** The piece's answer has ended. */
  end(): void;
}

export interface AnswerFraming {
  piece(index: number): PieceFraming;
  /** The whole answer as it is to be stored, once all of it has been sent. */
  complete(bytes: Uint8Array): Uint8Array;
}

const passThrough: AnswerFraming = {
  piece: () => ({ ready: true, push: (bytes) => bytes, end: () => undefined }),
  complete: (bytes) => bytes,
};

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.byteLength + b.byteLength);
  joined.set(a);
  joined.set(b, a.byteLength);
  return joined;
}

function wavFraming(pieceCount: number): AnswerFraming {
  let first: WavFormat | undefined;
  let headerBytes = 0;
  /** The header for the first piece; its exact sizes are known only when it is the only piece. */
  const header = (format: WavFormat, declaredBytes: number | undefined) => {
    first = format;
    const bytes = wavHeader(format, pieceCount === 1 ? (declaredBytes ?? UNKNOWN_SIZE) : UNKNOWN_SIZE);
    headerBytes = bytes.byteLength;
    return bytes;
  };
  return {
    piece(index) {
      const reader = new WavPieceReader();
      let started = false;
      return {
        get ready() {
          return reader.atAudio;
        },
        push(bytes) {
          const pcm = reader.push(bytes);
          if (started || !reader.atAudio || !reader.format) return pcm;
          started = true;
          if (!first) return concat(header(reader.format, reader.declaredBytes), pcm);
          if (!sameWavFormat(first, reader.format))
            throw wavError(
              `The speech engine answered part ${index + 1} of the text in another audio format ` +
                `(${describeWavFormat(reader.format)} after ${describeWavFormat(first)}), so the parts cannot be joined`,
            );
          return pcm;
        },
        end: () => reader.end(),
      };
    },
    complete: (bytes) => (headerBytes > 0 ? withWavSizes(bytes, headerBytes) : bytes),
  };
}

export function framingFor(contentType: string, pieceCount: number): AnswerFraming {
  return isWavType(contentType) ? wavFraming(pieceCount) : passThrough;
}
