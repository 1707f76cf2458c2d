import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connect';
import type { Jobs } from '../../jobs';
import type { ImageStore } from '../uploads/store';
import { runRetention } from './remove';

export const RETENTION_JOB = 'retention-personal-data';
const DAY_MS = 24 * 60 * 60_000;

/**
 * The retention job (README "Retention of personal data"): daily, and at every start-up (the start
 * makes it due now), once across all instances through jobs/ (job_runs): a second instance finds it
 * taken or already done. Idempotent, so a start-up run right after a daily one removes nothing more.
 */
export async function registerRetentionJob(
  jobs: Jobs,
  db: Db,
  images: Pick<ImageStore, 'remove'>,
  retentionDays: number,
  log: Pick<FastifyBaseLogger, 'warn' | 'info' | 'error'>,
): Promise<void> {
  jobs.register({
    name: RETENTION_JOB,
    everyMs: DAY_MS,
    leaseMs: 30 * 60_000,
    run: async () => {
      await runRetention(db, images, retentionDays, log);
    },
  });
  await db
    .updateTable('job_runs')
    .set({ next_run_at: new Date().toISOString() })
    .where('name', '=', RETENTION_JOB)
    .execute();
}
