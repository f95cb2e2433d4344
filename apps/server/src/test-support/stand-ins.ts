import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// Local stand-ins for the outside systems the portal talks to, for tests only: Expo's push API (PUSH_URL) and a
// mail server (SMTP_URL). The product talks to the real ones; these only listen on 127.0.0.1 and record.

export interface Received {
  headers: IncomingHttpHeaders;
  body: { to: string; title: string; body: string; data: Record<string, unknown> }[];
}
export type Ticket = { status: 'ok'; id: string } | { status: 'error'; message: string; details: { error: string } };

/** A stand-in for Expo's push API: records each request and answers with `tickets` (all 'ok' by default). */
export class PushStandIn {
  readonly received: Received[] = [];
  tickets: (messages: Received['body']) => Ticket[] = (messages) => messages.map((_, n) => ({ status: 'ok', id: `ticket-${n}` }));
  status = 200;
  delayMs = 0;
  /** where it listens, once started */
  url = '';
  private waiters: (() => void)[] = [];
  private server: Server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const body = JSON.parse(text) as Received['body'];
      this.received.push({ headers: request.headers, body });
      this.waiters.splice(0).forEach((wake) => wake());
      setTimeout(() => {
        response.writeHead(this.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(this.status === 200 ? { data: this.tickets(body) } : { errors: [{ code: 'INTERNAL_SERVER_ERROR', message: 'falhou' }] }));
      }, this.delayMs);
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/--/api/v2/push/send`;
    return this.url;
  }
  /** Waits until `count` requests have arrived. */
  async requests(count: number): Promise<Received[]> {
    while (this.received.length < count) await new Promise<void>((resolve) => this.waiters.push(resolve));
    return this.received;
  }
  reset() {
    this.received.length = 0;
    this.tickets = (messages) => messages.map((_, n) => ({ status: 'ok', id: `ticket-${n}` }));
    this.status = 200;
    this.delayMs = 0;
  }
  stop() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}


export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
}

/** A mail server on 127.0.0.1 (smtp-server): accepts every message without authentication and keeps it, parsed. */
export class SmtpStandIn {
  readonly received: ReceivedMail[] = [];
  url = '';
  private waiters: (() => void)[] = [];
  private server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, session, callback) => {
      simpleParser(stream)
        .then((mail) => {
          this.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
          });
          this.waiters.splice(0).forEach((wake) => wake());
          callback();
        })
        .catch(callback);
    },
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
    return this.url;
  }
  /** Waits until `count` messages have arrived. */
  async messages(count: number): Promise<ReceivedMail[]> {
    while (this.received.length < count) await new Promise<void>((resolve) => this.waiters.push(resolve));
    return this.received;
  }
  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
