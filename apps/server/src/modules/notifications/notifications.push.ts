import type { Database } from '@portal/db';
import type { FastifyBaseLogger } from 'fastify';
import * as repository from './notifications.repository.ts';

/** Messages Expo's push API accepts in one request. */
const BATCH = 100;
/** The longest a push may take (each request to the push service, answer included). */
export const PUSH_TIMEOUT_MS = 5_000;

export interface PushMessage {
  title: string;
  body: string;
}

export interface PushSender {
  /**
   * Sends the message to the citizen's phones (the 'push' job runs it: docs/decisions/030-job-queue.md). A
   * service that cannot be reached throws, so the job is tried again; one that answers, even with a refusal,
   * is done (logged by status and error codes only).
   */
  push(userSub: string, message: PushMessage): Promise<void>;
}

/** One answer per message, in the order sent (Expo's push tickets). */
interface Ticket {
  status?: string;
  details?: { error?: string };
}

/** What a failure may say in the log: its kind, never a message that could quote a token or a text. */
const failure = (err: unknown) => ({
  error: err instanceof Error ? err.name : typeof err,
  code: (err as { cause?: { code?: string } } | null)?.cause?.code,
});

/**
 * Pushes notifications to the citizens' phones through Expo's push API (or anything that speaks it) at
 * `url`. Without a url nothing leaves the machine. The request that created the notification never waits
 * for it (it only sends the job): a slow or broken push service costs a retry and a log line, not an error
 * for the citizen. Phones the service reports gone (DeviceNotRegistered: the app was uninstalled) are forgotten.
 */
export function pushSender(options: { url: string | undefined; db: () => Database; log: FastifyBaseLogger; timeoutMs?: number }): PushSender {
  const { url, log, timeoutMs = PUSH_TIMEOUT_MS } = options;

  const send = async (target: string, userSub: string, message: PushMessage) => {
    const tokens = await repository.pushTokens(options.db(), userSub);
    for (let start = 0; start < tokens.length; start += BATCH) {
      const batch = tokens.slice(start, start + BATCH);
      const response = await fetch(target, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        // `redirect` makes the app open the message when the citizen taps it.
        body: JSON.stringify(batch.map((to) => ({ to, title: message.title, body: message.body, sound: 'default', data: { redirect: true } }))),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) {
        log.warn({ status: response.status }, 'push service refused the notification');
        return;
      }
      const answer = (await response.json()) as { data?: unknown };
      const tickets = (Array.isArray(answer.data) ? answer.data : []) as (Ticket | null)[];
      const gone = batch.filter((_, n) => tickets[n]?.status === 'error' && tickets[n]?.details?.error === 'DeviceNotRegistered');
      await repository.forgetPushTokens(options.db(), gone);
      const errors = tickets.filter((ticket) => ticket?.status === 'error').map((ticket) => ticket?.details?.error ?? 'unknown');
      if (errors.length) log.warn({ errors, phones: batch.length, forgotten: gone.length }, 'push service could not reach some phones');
    }
  };

  return {
    async push(userSub, message) {
      if (!url) {
        log.debug('push notification not sent: PUSH_URL is unset');
        return;
      }
      try {
        await send(url, userSub, message);
      } catch (err) {
        log.warn(failure(err), 'push notification failed');
        throw new Error('push service not reached', { cause: failure(err) });
      }
    },
  };
}
