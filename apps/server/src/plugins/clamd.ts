import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import type { ClamdAddress } from './config.ts';

export type Verdict = { infected: false } | { infected: true; signature: string };

/**
 * One file sent to ClamAV's clamd as it arrives, by the INSTREAM command (docs/decisions/033-files.md):
 * 'zINSTREAM\0', then each piece as a 4-byte big-endian length and its bytes, then a zero length; clamd answers
 * 'stream: OK' or 'stream: <signature> FOUND', ended by a NUL. Our own few lines over `net` rather than a
 * client package: the protocol is this small, and the refusals (503 on silence, on a closed port, on an ERROR
 * answer such as clamd's StreamMaxLength) are ours to decide.
 *
 * `timeoutMs` is how long the connection may stay silent, both ways: a slow upload that keeps sending goes on,
 * a clamd that never accepts, never reads or never answers fails the scan.
 */
export class ClamdScan {
  private readonly socket: Socket;
  private readonly answer: Promise<string>;
  private failure: Error | null = null;

  constructor(address: ClamdAddress, timeoutMs: number) {
    this.socket = connect(address);
    this.socket.setTimeout(timeoutMs);
    const received: Buffer[] = [];
    this.answer = new Promise<string>((resolve, reject) => {
      const text = () => Buffer.concat(received).toString('utf8').replace(/\0[\s\S]*$/, '').trim();
      this.socket.on('data', (chunk: Buffer) => {
        received.push(chunk);
        // The NUL ends the answer; clamd closes the connection after it, and so do we.
        if (chunk.includes(0)) {
          resolve(text());
          this.socket.destroy();
        }
      });
      this.socket.once('timeout', () => this.socket.destroy(new Error(`clamd stayed silent for ${timeoutMs} ms`)));
      // `on`, not `once`: a write racing the first error may raise a second, which must not go unhandled.
      this.socket.on('error', (err) => {
        // clamd may say why it hung up (a stream over its StreamMaxLength) before our next write fails.
        this.failure ??= received.length ? new Error(`clamd: ${text()} (${err.message})`) : err;
        reject(this.failure);
      });
      this.socket.once('close', () => resolve(text()));
    });
    // Read by verdict(); a scan abandoned half-way (the upload refused for another reason) must not raise it unhandled.
    this.answer.catch(() => {});
    this.socket.write('zINSTREAM\0');
  }

  /** Sends one piece of the file; waits while clamd is behind, so the upload goes at the pace clamd reads. */
  async write(chunk: Uint8Array): Promise<void> {
    if (this.failure) throw this.failure;
    // A zero length would end the stream: an empty piece is simply not sent.
    if (chunk.length === 0) return;
    const length = Buffer.alloc(4);
    length.writeUInt32BE(chunk.length);
    this.socket.write(length);
    if (this.socket.write(chunk)) return;
    await Promise.race([
      once(this.socket, 'drain'),
      this.answer.then((text) => {
        throw new Error(`clamd closed the connection before the end of the file${text ? `: ${text}` : ''}`);
      }),
    ]);
  }

  /** Ends the file and waits for clamd's word on it; throws when clamd fails, hangs up or answers anything else. */
  async verdict(): Promise<Verdict> {
    if (this.failure) throw this.failure;
    this.socket.write(Buffer.alloc(4));
    const text = await this.answer;
    const found = /^stream: (.+) FOUND$/.exec(text);
    if (found) return { infected: true, signature: found[1]! };
    if (text === 'stream: OK') return { infected: false };
    throw new Error(text ? `clamd answered: ${text}` : 'clamd closed the connection without an answer');
  }

  /** Drops the scan (the upload was refused for another reason). */
  abort(): void {
    this.socket.destroy();
  }
}
