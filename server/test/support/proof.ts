import { SIGNUP_API } from '@ummahnotify/core';
import type { Proof, ProofChallenge } from '@ummahnotify/domain';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/** The solution altcha-lib's own solver finds for a challenge: the path a browser takes, not the server's code. */
export async function solve(challenge: ProofChallenge): Promise<Proof> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('altcha-lib found no solution for the challenge');
  return { challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } };
}

/** A challenge from the server (from `ip`, as the page would ask), solved. */
export async function solvedProof(serverUrl: string, ip?: string): Promise<Proof> {
  const res = await fetch(`${serverUrl}${SIGNUP_API.challenge}`, {
    headers: ip ? { 'x-forwarded-for': ip } : {},
  });
  if (res.status !== 200) throw new Error(`GET ${SIGNUP_API.challenge}: ${res.status} ${await res.text()}`);
  return solve((await res.json()) as ProofChallenge);
}

const NEED_PROOF: string[] = [SIGNUP_API.email, SIGNUP_API.whatsapp];

/** A sign-up body as the page posts it: the email and WhatsApp sign-ups carry a solved proof unless they have one. */
export async function withProof(serverUrl: string, path: string, body: unknown, ip?: string): Promise<unknown> {
  if (!NEED_PROOF.includes(path) || typeof body !== 'object' || body === null || 'altcha' in body) return body;
  return { ...body, altcha: await solvedProof(serverUrl, ip) };
}
