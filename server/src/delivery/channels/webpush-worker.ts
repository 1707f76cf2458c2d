import { parentPort } from 'node:worker_threads';
import { encryptPushPayload } from './webpush-crypto';

/** One encryption asked of a pool thread, and its answer. */
export interface EncryptJob {
  id: number;
  payload: Uint8Array;
  p256dh: Uint8Array;
  auth: Uint8Array;
}
export type EncryptAnswer = { id: number; body: Uint8Array } | { id: number; error: string };

parentPort?.on('message', (jobs: EncryptJob[]) => {
  const answers: EncryptAnswer[] = jobs.map(({ id, payload, p256dh, auth }) => {
    try {
      const body = encryptPushPayload(Buffer.from(payload), Buffer.from(p256dh), Buffer.from(auth));
      return { id, body };
    } catch (error) {
      return { id, error: error instanceof Error ? error.message : String(error) };
    }
  });
  parentPort?.postMessage(answers);
});
