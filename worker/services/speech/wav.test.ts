import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http-error';
import { pcmWav } from '../../test/speech-helpers';
import { framingFor } from './piece-framing';
import { UNKNOWN_SIZE, WavPieceReader } from './wav';

const u32 = (bytes: Uint8Array, at: number) => new DataView(bytes.buffer, bytes.byteOffset).getUint32(at, true);

function concat(...parts: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.byteLength;
  }
  return all;
}

function chunk(id: string, body: Uint8Array): Uint8Array {
  const head = new Uint8Array(8);
  head.set([...id].map((c) => c.charCodeAt(0)));
  new DataView(head.buffer).setUint32(4, body.byteLength, true);
  return concat(head, body, new Uint8Array(body.byteLength & 1));
}

/** `wav` rebuilt as some writers lay it out: a LIST chunk of odd length before `fmt `, another after `data`. */
function withExtraChunks(wav: Uint8Array): Uint8Array {
  const fmt = wav.subarray(12, 36);
  const data = wav.subarray(36);
  const list = chunk('LIST', new TextEncoder().encode('INFOISFT piper'));
  const body = concat(new TextEncoder().encode('WAVE'), list, fmt, data, chunk('LIST', new Uint8Array(3)));
  return concat(chunk('RIFF', body).subarray(0, 8), body);
}

/** Feeds `bytes` to `push` in pieces of `size` bytes, as a network might deliver them. */
function feed(push: (bytes: Uint8Array) => Uint8Array, bytes: Uint8Array, size: number): Uint8Array {
  const out: Uint8Array[] = [];
  for (let at = 0; at < bytes.byteLength; at += size) out.push(push(bytes.subarray(at, at + size)));
  return concat(...out);
}

describe('WavPieceReader', () => {
  it('hands on exactly the PCM, whatever the chunking, skipping chunks around it', () => {
    const wav = pcmWav(101);
    const pcm = wav.subarray(44);
    for (const input of [wav, withExtraChunks(wav)]) {
      for (const size of [1, 3, 7, 44, 4096]) {
        const reader = new WavPieceReader();
        expect(feed((bytes) => reader.push(bytes), input, size)).toEqual(pcm);
        reader.end();
        expect(reader.format).toMatchObject({ formatTag: 1, channels: 1, sampleRate: 16_000, bitsPerSample: 16 });
        expect(reader.declaredBytes).toBe(202);
      }
    }
  });

  it('reads a streamed WAV (data size unknown) to the end of its body', () => {
    const wav = pcmWav(50);
    new DataView(wav.buffer).setUint32(40, UNKNOWN_SIZE, true);
    const reader = new WavPieceReader();
    expect(reader.push(wav)).toEqual(wav.subarray(44));
    expect(reader.declaredBytes).toBeUndefined();
  });

  it('refuses what is not a WAV, or ends before its audio', () => {
    expect(() => new WavPieceReader().push(new TextEncoder().encode('ID3\u0004 not a wave file'))).toThrow(
      'not a WAV file',
    );
    const cut = new WavPieceReader();
    cut.push(pcmWav(10).subarray(0, 30));
    expect(() => cut.end()).toThrow(HttpError);
    const noFormat = concat(chunk('RIFF', new Uint8Array(0)).subarray(0, 8), new TextEncoder().encode('WAVE'));
    expect(() => new WavPieceReader().push(concat(noFormat, chunk('data', new Uint8Array(4))))).toThrow(
      'without its format',
    );
  });
});

describe('framingFor(audio/wav)', () => {
  it('gives the first piece a header of unknown size, the others only their PCM, and the stored copy real sizes', () => {
    const framing = framingFor('audio/wav', 3);
    const pieces = [pcmWav(40, { level: 1 }), pcmWav(30, { level: 2 }), pcmWav(20, { level: 3 })];
    const out = concat(
      ...pieces.map((wav, index) => {
        const piece = framing.piece(index);
        const bytes = feed((chunkBytes) => piece.push(chunkBytes), wav, 5);
        piece.end();
        return bytes;
      }),
    );
    // The first piece's own header (RIFF, WAVE, its fmt chunk, data) with the sizes unknown.
    expect(out.subarray(0, 4)).toEqual(pieces[0]?.subarray(0, 4));
    expect(out.subarray(8, 40)).toEqual(pieces[0]?.subarray(8, 40));
    expect(u32(out, 4)).toBe(UNKNOWN_SIZE);
    expect(u32(out, 40)).toBe(UNKNOWN_SIZE);
    expect(out.subarray(44)).toEqual(concat(...pieces.map((wav) => wav.subarray(44))));
    const stored = framing.complete(out.slice());
    expect(u32(stored, 4)).toBe(stored.byteLength - 8);
    expect(u32(stored, 40)).toBe((40 + 30 + 20) * 2);
  });

  it('passes a single canonical WAV on unchanged', () => {
    const wav = pcmWav(64);
    const piece = framingFor('audio/x-wav', 1).piece(0);
    expect(feed((bytes) => piece.push(bytes), wav, 9)).toEqual(wav);
  });

  it('refuses to join a piece in another format, naming both', () => {
    const framing = framingFor('audio/wav', 2);
    framing.piece(0).push(pcmWav(10, { sampleRate: 22_050 }));
    expect(() => framing.piece(1).push(pcmWav(10, { sampleRate: 16_000 }))).toThrow(
      /part 2 .*16000 Hz, 1 channel, 16-bit .*after 22050 Hz/,
    );
  });

  it('leaves MP3 pieces as they are', () => {
    const piece = framingFor('audio/mpeg', 2).piece(1);
    const bytes = new Uint8Array([0xff, 0xf3, 1, 2]);
    expect(piece.push(bytes)).toBe(bytes);
  });
});
