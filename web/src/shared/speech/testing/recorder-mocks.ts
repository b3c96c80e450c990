import { vi } from 'vitest';

/**
 * A MediaRecorder that records nothing real: `start(timeslice)` is remembered, `stop()` hands
 * over one chunk of the given type and fires `stop`. Only `supported` types are accepted.
 */
export function mockMediaRecorder(supported: readonly string[] = ['audio/webm']) {
  const made: { mimeType: string; timeslice?: number }[] = [];
  class FakeRecorder extends EventTarget {
    static isTypeSupported = (type: string) => supported.includes(type);
    state: 'inactive' | 'recording' = 'inactive';
    mimeType: string;
    constructor(_stream: MediaStream, options?: { mimeType?: string }) {
      super();
      this.mimeType = options?.mimeType ?? '';
      made.push({ mimeType: this.mimeType });
    }
    start(timeslice?: number) {
      this.state = 'recording';
      const entry = made.at(-1);
      if (entry) entry.timeslice = timeslice;
    }
    stop() {
      this.state = 'inactive';
      const event = new Event('dataavailable') as Event & { data: Blob };
      event.data = new Blob([new Uint8Array(2000)], { type: this.mimeType });
      this.dispatchEvent(event);
      this.dispatchEvent(new Event('stop'));
    }
  }
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  return { made };
}

/** A microphone: `getUserMedia` answers a stream, or rejects with a DOMException named `deny`. */
export function mockMicrophone(deny?: string) {
  const stopTrack = vi.fn();
  const getUserMedia = vi.fn(async () => {
    if (deny) throw new DOMException('no', deny);
    return { getTracks: () => [{ stop: stopTrack }] } as unknown as MediaStream;
  });
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  return { getUserMedia, stopTrack };
}

/** An AudioContext whose analyser hears `level` (a sample amplitude; 0 is silence). */
export function mockAudioContext(level: { value: number }) {
  class FakeContext {
    createAnalyser() {
      return {
        fftSize: 2048,
        getFloatTimeDomainData: (samples: Float32Array) => samples.fill(level.value),
      };
    }
    createMediaStreamSource() {
      return { connect: () => undefined };
    }
    close() {
      return Promise.resolve();
    }
  }
  vi.stubGlobal('AudioContext', FakeContext);
}
