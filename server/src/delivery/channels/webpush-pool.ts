import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { encryptPushPayload } from './webpush-crypto';
import type { EncryptAnswer, EncryptJob } from './webpush-worker';

/** Where the push payloads are encrypted: worker threads, or this thread when the pool has none. */
export interface Encryptor {
  encrypt(payload: Buffer, p256dh: Buffer, auth: Buffer): Promise<Buffer>;
  close(): Promise<void>;
}

/**
 * One thread per core beyond this one, and at least one: on the quiet 2-core machine of
 * bench/README.md "bench/fanout", one encryption thread beat encrypting in this thread (2,667 against
 * 2,311 messages/s at equal settings); on a machine loaded by other work it did not.
 */
export const defaultPoolSize = () => Math.max(1, availableParallelism() - 1);

const inThread: Encryptor = {
  encrypt: async (payload, p256dh, auth) => encryptPushPayload(payload, p256dh, auth),
  close: async () => {},
};

// Worker threads do not inherit the TypeScript loader the server runs under (tsx): the thread
// registers it itself before loading webpush-worker. Under plain JavaScript the import just works.
const BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
(workerData.tsx ? import(workerData.tsx).then((tsx) => tsx.register()) : Promise.resolve())
  .then(() => import(workerData.entry));
`;

function tsxApi(): string | null {
  if (!import.meta.url.endsWith('.ts')) return null;
  try {
    return import.meta.resolve('tsx/esm/api');
  } catch {
    return null;
  }
}

/**
 * `size` threads share the encryption (ECDH + HKDF + AES-GCM, about 150 µs a message); the jobs
 * of one event-loop turn go to a thread as one batch. A thread that dies sends everything after
 * back to this thread; what it had in hand is encrypted here again.
 */
export function createEncryptor(size: number): Encryptor {
  if (size <= 0) return inThread;
  const entry = new URL(`./webpush-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url).href;
  const workerData = { tsx: tsxApi(), entry };
  interface Pending {
    job: EncryptJob;
    resolve: (body: Buffer) => void;
    reject: (error: Error) => void;
  }
  const pending = new Map<number, Pending>();
  let broken = false;
  let nextId = 0;
  let turn = 0;
  let batch: EncryptJob[] = [];
  let scheduled = false;

  const workers = Array.from({ length: size }, () => {
    const worker = new Worker(BOOTSTRAP, { eval: true, workerData });
    // Only a thread with work in hand keeps the process alive (unref'd again once online: starting re-refs it).
    const idle = () => pending.size === 0 && worker.unref();
    idle();
    worker.on('online', idle);
    worker.on('message', (answers: EncryptAnswer[]) => {
      for (const answer of answers) {
        const p = pending.get(answer.id);
        if (!p) continue;
        pending.delete(answer.id);
        if ('error' in answer) p.reject(new Error(answer.error));
        else p.resolve(Buffer.from(answer.body.buffer, answer.body.byteOffset, answer.body.byteLength));
      }
      if (pending.size === 0) for (const w of workers) w.unref();
    });
    worker.on('error', () => fallBack());
    worker.on('exit', () => fallBack());
    return worker;
  });

  function fallBack() {
    if (broken) return;
    broken = true;
    for (const w of workers) void w.terminate();
    for (const [id, p] of pending) {
      pending.delete(id);
      inThread
        .encrypt(Buffer.from(p.job.payload), Buffer.from(p.job.p256dh), Buffer.from(p.job.auth))
        .then(p.resolve, p.reject);
    }
  }

  function flush() {
    scheduled = false;
    if (broken || batch.length === 0) return;
    const worker = workers[turn++ % workers.length];
    worker.postMessage(batch);
    batch = [];
  }

  return {
    encrypt(payload, p256dh, auth) {
      if (broken) return inThread.encrypt(payload, p256dh, auth);
      return new Promise((resolve, reject) => {
        const job = { id: nextId++, payload, p256dh, auth };
        if (pending.size === 0) for (const w of workers) w.ref();
        pending.set(job.id, { job, resolve, reject });
        batch.push(job);
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
    async close() {
      broken = true;
      await Promise.all(workers.map((w) => w.terminate()));
      for (const p of pending.values()) p.reject(new Error('the web push channel is closed'));
      pending.clear();
    },
  };
}
