import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect';
import { purgeSessions } from './sessions';

const PURGE_EVERY_MS = 10 * 60_000;

/**
 * Ended sessions (expired or idle) are deleted every ten minutes, beside the other periodic purges.
 * Deleting the same rows twice from two instances is harmless, so this needs no lease.
 */
export function scheduleSessionPurge(app: FastifyInstance, db: Db, idleMs: number): void {
  const timer = setInterval(() => {
    purgeSessions(db, idleMs)
      .then((n) => n > 0 && app.log.info({ sessions: n }, 'ended sessions deleted'))
      .catch((error) => app.log.warn({ err: error }, 'deleting ended sessions failed'));
  }, PURGE_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
