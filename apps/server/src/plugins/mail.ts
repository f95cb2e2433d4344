import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';

export interface Email {
  to: string;
  subject: string;
  /** plain text: what every mail program shows */
  text: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: {
      /**
       * Sends an e-mail by the 'email' job (nodemailer over SMTP_URL): the caller never waits for the mail server,
       * and a server that does not answer is tried again. Without SMTP_URL nothing leaves the machine.
       * `db`: sent as part of this transaction.
       */
      send(email: Email, options?: { db?: { execute(query: unknown): Promise<unknown> } }): Promise<void>;
    };
  }
}

/** An address worth sending to: one @, a dot after it, nothing that could add a header. */
const ADDRESS = /^[^\s@<>,;]+@[^\s@<>,;]+\.[^\s@<>,;]+$/;

export const mailPlugin = fp(async (app: FastifyInstance) => {
  const url = app.config.SMTP_URL;
  const transport = url ? nodemailer.createTransport(url) : null;
  app.addHook('onClose', async () => transport?.close());

  app.jobs.define<Email>('email', {
    run: async (email, log) => {
      if (!transport) {
        log.debug('e-mail not sent: SMTP_URL is unset');
        return;
      }
      await transport.sendMail({ from: app.config.SMTP_FROM, to: email.to, subject: email.subject, text: email.text });
      // Who and what stay out of the log (personal data): the kind of message is enough.
      log.info('e-mail sent');
    },
  });

  app.decorate('mail', {
    async send(email, options = {}) {
      if (!ADDRESS.test(email.to)) return;
      await app.jobs.send('email', email, options);
    },
  });
});
