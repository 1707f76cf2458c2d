// Loaded when a visitor sends an email, WhatsApp or web push sign-up (actions.ts): fetches the server's ALTCHA
// challenge for that sign-up (its cost grows as the sign-up's budget fills) and solves it off the main thread, in Web
// Workers, or where there are none in small awaited steps.
import { SIGNUP_API } from '@ummahnotify/core';
import type { AppConfig, Proof, ProofChallenge, ProvedChannel } from '@ummahnotify/domain';
import { solveChallenge, solveChallengeWorkers } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { getJson } from './call';
import { ProofUnsolved } from './proofUnsolved';

/** Longer than any phone needs (about 2 s): a browser this slow is told so rather than left waiting. */
const TIMEOUT_MS = 60_000;
/** Two workers halve the time on phones with several cores; more gain little on a counter this small. */
const WORKERS = 2;

async function solve(challenge: ProofChallenge) {
  if (typeof Worker === 'function') {
    try {
      const { createWorker } = await import('./proofWorker');
      return await solveChallengeWorkers({ challenge, concurrency: WORKERS, createWorker, timeout: TIMEOUT_MS });
    } catch {
      // a worker could not start (a strict policy, an old browser): the main thread does it below
    }
  }
  return solveChallenge({ challenge, deriveKey, timeout: TIMEOUT_MS });
}

export async function solveProof(config: AppConfig, channel: ProvedChannel): Promise<Proof> {
  const challenge = await getJson<ProofChallenge>(config, `${SIGNUP_API.challenge}?channel=${channel}`);
  let solution: Awaited<ReturnType<typeof solve>>;
  try {
    solution = await solve(challenge);
  } catch {
    throw new ProofUnsolved();
  }
  if (!solution) throw new ProofUnsolved();
  return { challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } };
}
