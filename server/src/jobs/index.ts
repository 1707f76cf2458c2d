import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connect';

/** Periodic work that must run once across all instances, not once per instance. */
export interface PeriodicJob {
  name: string;
  everyMs: number;
  /** How long the other instances wait before taking the job over from an instance that died running it. */
  leaseMs?: number;
  run: () => Promise<void>;
}

export interface Jobs {
  register(job: PeriodicJob): void;
  /** Runs the registered jobs that are due and not held by another instance; the timer calls this. */
  runDue(): Promise<string[]>;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

const DEFAULT_LEASE_MS = 5 * 60 * 1000;

/**
 * Each job has a row in job_runs: when it is due next, and which instance holds it until when. An
 * instance takes a due job with one conditional UPDATE (only one instance's update matches), runs it,
 * then sets the next due time and lets go. An instance that dies mid-run lets go by its lease running
 * out: the job is still due, and the next instance to look takes it.
 */
export interface JobsOptions {
  tickMs?: number;
  /** The scheduler's clock (due times and leases); a test passes its own and moves it. */
  now?: () => Date;
}

export function startJobs(
  db: Db,
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
  { tickMs = 5000, now: clock = () => new Date() }: JobsOptions = {},
): Jobs {
  const instance = randomUUID();
  const jobs = new Map<string, PeriodicJob>();
  const running = new Map<string, Promise<void>>();

  async function take(job: PeriodicJob): Promise<boolean> {
    const now = clock();
    await db
      .insertInto('job_runs')
      .values({ name: job.name, next_run_at: now.toISOString(), locked_until: null, holder: null })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const taken = await db
      .updateTable('job_runs')
      .set({
        holder: instance,
        locked_until: new Date(now.getTime() + (job.leaseMs ?? DEFAULT_LEASE_MS)).toISOString(),
      })
      .where('name', '=', job.name)
      .where('next_run_at', '<=', now.toISOString())
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now.toISOString())]))
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1;
  }

  async function runOnce(job: PeriodicJob): Promise<void> {
    try {
      await job.run();
    } catch (error) {
      log.error({ err: error, job: job.name }, 'periodic job failed; it runs again at its next time');
    }
    await db
      .updateTable('job_runs')
      .set({ next_run_at: new Date(clock().getTime() + job.everyMs).toISOString(), holder: null, locked_until: null })
      .where('name', '=', job.name)
      .where('holder', '=', instance)
      .execute();
  }

  async function runDue(): Promise<string[]> {
    const ran: string[] = [];
    for (const job of jobs.values()) {
      if (running.has(job.name) || !(await take(job))) continue;
      const run = runOnce(job).finally(() => running.delete(job.name));
      running.set(job.name, run);
      ran.push(job.name);
    }
    await Promise.all(ran.map((name) => running.get(name)));
    return ran;
  }

  const timer = setInterval(() => {
    runDue().catch((error) => log.warn({ err: error }, 'periodic jobs: looking for due work failed'));
  }, tickMs);
  timer.unref();

  return {
    register(job) {
      if (jobs.has(job.name)) throw new Error(`periodic job ${job.name} is registered twice`);
      jobs.set(job.name, job);
    },
    runDue,
    async close() {
      clearInterval(timer);
      await Promise.all(running.values());
    },
  };
}
