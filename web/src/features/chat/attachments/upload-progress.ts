/** Where the ring starts as soon as a file is accepted. */
export const PROGRESS_STARTED = 0.2;
/** An image whose size has been measured (its preview is ready) is well under way. */
export const PROGRESS_IMAGE_READY = 0.6;
/** The server has answered; the ring fills the rest shortly after, so the user sees it complete. */
export const PROGRESS_UPLOADED = 0.9;
export const PROGRESS_DONE_DELAY_MS = 300;
/** How often the estimate from the bytes sent may move the ring. */
export const PROGRESS_ESTIMATE_INTERVAL_MS = 200;
/** The estimate never claims more than this: only the server's answer completes a file. */
export const PROGRESS_ESTIMATE_CAP = 0.95;

const SLOW_UPLOAD_BASE_MS = 5_000;
const SLOW_UPLOAD_MS_PER_MILLION_BYTES = 2_000;

/** After how long an upload of `bytes` counts as slow and the user is told to wait. */
export const slowUploadDelayMs = (bytes: number): number =>
  SLOW_UPLOAD_BASE_MS + (SLOW_UPLOAD_MS_PER_MILLION_BYTES * bytes) / 1_000_000;

/**
 * The progress ring of one upload: 0.2 at once, 0.6 once an image is measured, an estimate
 * from the bytes sent every 200 ms (never past 0.95), 0.9 when the server answers and 1
 * 300 ms later. It never moves backwards.
 */
export class UploadProgress {
  private value = PROGRESS_STARTED;
  private sent = 0;
  private ticker: ReturnType<typeof setInterval> | null = null;
  private finishing: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly onChange: (progress: number) => void) {
    onChange(this.value);
    this.ticker = setInterval(
      () => this.raise(Math.min(PROGRESS_ESTIMATE_CAP, this.sent)),
      PROGRESS_ESTIMATE_INTERVAL_MS,
    );
  }

  imageReady(): void {
    this.raise(PROGRESS_IMAGE_READY);
  }

  /** Bytes sent so far; the estimate maps them onto the part of the ring after the start. */
  bytesSent(loaded: number, total: number): void {
    if (total > 0) this.sent = PROGRESS_STARTED + (1 - PROGRESS_STARTED) * (loaded / total);
  }

  succeeded(): void {
    this.stopTicker();
    this.raise(PROGRESS_UPLOADED);
    this.finishing = setTimeout(() => this.raise(1), PROGRESS_DONE_DELAY_MS);
  }

  /** Failed or canceled: no more updates. */
  stop(): void {
    this.stopTicker();
    if (this.finishing) clearTimeout(this.finishing);
    this.finishing = null;
  }

  private stopTicker(): void {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
  }

  private raise(progress: number): void {
    if (progress <= this.value) return;
    this.value = progress;
    this.onChange(progress);
  }
}
