/**
 * The body of a streamed download: a ReadableStream the export writes into, with backpressure in
 * both directions. `room()` waits while the queue holds a high-water mark of bytes the client has not
 * taken yet, so a slow client slows the database reads instead of filling memory; a client that goes
 * away cancels the stream, `cancelled` turns true and the writer stops reading.
 */
import { Writable } from 'node:stream';

const HIGH_WATER_BYTES = 256 * 1024;

export class ByteSink {
  readonly stream: ReadableStream<Uint8Array>;
  cancelled = false;
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  private waiting: (() => void)[] = [];
  private done = false;

  constructor() {
    this.stream = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.controller = controller;
        },
        pull: () => this.wake(),
        cancel: () => {
          this.cancelled = true;
          this.wake();
        },
      },
      { highWaterMark: HIGH_WATER_BYTES, size: (chunk) => chunk.byteLength },
    );
  }

  write(chunk: Uint8Array): void {
    if (this.cancelled || this.done || chunk.byteLength === 0) return;
    this.controller.enqueue(chunk);
  }

  /** Resolves once the client has taken enough that the queue is below its mark (or is gone). */
  async room(): Promise<void> {
    while (!this.cancelled && !this.done && (this.controller.desiredSize ?? 1) <= 0)
      await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /** Resolves the next time the client takes from the queue (or goes away). */
  taken(): Promise<void> {
    if (this.cancelled || this.done) return Promise.resolve();
    return new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  close(): void {
    if (this.cancelled || this.done) return;
    this.done = true;
    this.controller.close();
    this.wake();
  }

  /**
   * The client went away but the stream was not cancelled: a transform between us and the socket
   * (the compression middleware) does not pass the cancel on, so the request's abort signal says it.
   */
  abandon(): void {
    if (this.cancelled || this.done) return;
    this.cancelled = true;
    // Closed, not errored: nobody is left to tell, and an error would only be logged on its way out.
    this.controller.close();
    this.wake();
  }

  /** Ends the download abruptly: the client sees a broken transfer, never a truncated "complete" file. */
  fail(error: unknown): void {
    if (this.cancelled || this.done) return;
    this.done = true;
    this.controller.error(error);
    this.wake();
  }

  /** A Node writable into this sink, for libraries that write to Node streams (exceljs). */
  nodeWritable(): Writable {
    return new Writable({
      write: (chunk: Buffer, _encoding, callback) => {
        this.write(chunk);
        this.room().then(() => callback(), callback);
      },
    });
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }
}
