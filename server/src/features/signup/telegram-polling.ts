import type { FastifyInstance } from 'fastify';
import type { TelegramChannel } from '../../delivery/channels/telegram';

/** One poller's turn: several long polls, then the job lets go and any instance may take the next turn. */
export const POLL_SESSION_MS = 50_000;
/** Telegram holds a getUpdates call open this long when there is nothing to read. */
export const POLL_TIMEOUT_SECONDS = 25;
/** Another instance takes over polling this long after the one holding it stopped answering. */
const POLL_LEASE_MS = 90_000;

/**
 * Telegram without a public https address (TELEGRAM_UPDATES, or PUBLIC_URL that is http, localhost or a
 * private address): the bot reads its updates with getUpdates instead of a webhook.
 *
 * Telegram allows one getUpdates caller per bot (a second one gets 409), so on several instances only
 * one polls: polling is a periodic job (server/src/jobs), which one instance at a time takes with a
 * conditional UPDATE of its job_runs row. The holder long-polls for POLL_SESSION_MS, confirms what it
 * handled (getUpdates with the next offset) and lets go; the next turn goes to whichever instance's
 * timer comes first, a few seconds later (Telegram keeps the updates meanwhile). An instance that dies
 * mid-turn holds the job until its lease (POLL_LEASE_MS) runs out; updates it had read but not yet
 * confirmed are read again by the next poller, and handling them twice is harmless (a /start token is
 * used once; /stop again stays stopped).
 */
export function registerTelegramPolling(
  app: FastifyInstance,
  telegram: () => TelegramChannel,
  handle: (update: unknown) => Promise<void>,
): void {
  const stopping = new AbortController();
  app.addHook('preClose', async () => stopping.abort());
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      stopping.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });

  async function pollSession(): Promise<void> {
    const channel = telegram();
    if (!channel.state.enabled) return;
    const until = Date.now() + POLL_SESSION_MS;
    let offset: number | undefined;
    let webhookDeleted = false;
    try {
      while (!stopping.signal.aborted && Date.now() < until) {
        const timeoutSeconds = Math.max(1, Math.min(POLL_TIMEOUT_SECONDS, Math.floor((until - Date.now()) / 1000)));
        const answer = await channel.getUpdates({ offset, timeoutSeconds, signal: stopping.signal });
        if (!answer.ok) {
          if (stopping.signal.aborted) return;
          // A webhook left from an earlier deployment blocks getUpdates: take it away once.
          if (answer.status === 409 && /webhook/i.test(answer.error) && !webhookDeleted) {
            webhookDeleted = true;
            const deleted = await channel.deleteWebhook();
            if (!deleted.ok)
              app.log.warn({ error: deleted.error }, 'Telegram webhook could not be deleted for polling');
            continue;
          }
          app.log.warn({ error: answer.error }, 'Telegram getUpdates failed; polling again later');
          await pause(5_000);
          return;
        }
        for (const update of answer.updates) {
          try {
            await handle(update);
          } catch (err) {
            app.log.error({ err, updateId: update.update_id }, 'Telegram update not handled');
          }
          offset = update.update_id + 1;
        }
      }
    } finally {
      // Confirms the handled updates (those before offset) without reading any more.
      if (offset !== undefined) await channel.getUpdates({ offset, timeoutSeconds: 0, limit: 1 });
    }
  }

  app.jobs.register({ name: 'telegram-poll', everyMs: 1_000, leaseMs: POLL_LEASE_MS, run: pollSession });
}
