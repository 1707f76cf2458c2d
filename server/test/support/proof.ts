import { randomInt } from 'node:crypto';
import { SIGNUP_API } from '@ummahnotify/core';
import type { Proof, ProofChallenge, ProvedChannel } from '@ummahnotify/domain';
import { createChallenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/** The solution altcha-lib's own solver finds for a challenge: the path a browser takes, not the server's code. */
export async function solve(challenge: ProofChallenge): Promise<Proof> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('altcha-lib found no solution for the challenge');
  return { challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } };
}

/** A challenge from the server (from `ip`, as the page would ask; for `channel`'s sign-up, or any), unsolved. */
export async function challengeFrom(serverUrl: string, ip?: string, channel?: ProvedChannel): Promise<ProofChallenge> {
  const query = channel ? `?channel=${channel}` : '';
  const res = await fetch(`${serverUrl}${SIGNUP_API.challenge}${query}`, {
    headers: ip ? { 'x-forwarded-for': ip } : {},
  });
  if (res.status !== 200) throw new Error(`GET ${SIGNUP_API.challenge}: ${res.status} ${await res.text()}`);
  return (await res.json()) as ProofChallenge;
}

/** A challenge from the server (from `ip`, as the page would ask; for `channel`'s sign-up, or any), solved. */
export async function solvedProof(serverUrl: string, ip?: string, channel?: ProvedChannel): Promise<Proof> {
  return solve(await challengeFrom(serverUrl, ip, channel));
}

/** The sign-ups that carry a proof, and the channel each asks its challenge for (as the page does). */
const NEED_PROOF: Record<string, ProvedChannel> = {
  [SIGNUP_API.email]: 'email',
  [SIGNUP_API.whatsapp]: 'whatsapp',
  [SIGNUP_API.webpush]: 'webpush',
};

/** A sign-up body as the page posts it: the email, WhatsApp and web push sign-ups carry a solved proof unless they have one. */
export async function withProof(serverUrl: string, path: string, body: unknown, ip?: string): Promise<unknown> {
  const channel = NEED_PROOF[path];
  if (!channel || typeof body !== 'object' || body === null || 'altcha' in body) return body;
  return { ...body, altcha: await solvedProof(serverUrl, ip, channel) };
}

/**
 * A proof as cheap as a proof can be (one PBKDF2 iteration a counter, counter under 10) on a challenge signed with
 * the server's ALTCHA_HMAC_KEY, bound to `channel` when given: for tests whose subject is not the proof, and the
 * attacker of a review at its fastest (proof.test.ts tests what the server asks).
 */
export async function cheapProof(hmacKey: string, channel?: ProvedChannel): Promise<Proof> {
  const challenge = await createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: 1,
    counter: randomInt(10),
    deriveKey,
    expiresAt: new Date(Date.now() + 600_000),
    hmacSignatureSecret: hmacKey,
    ...(channel && { data: { channel } }),
  });
  return solve(challenge as ProofChallenge);
}
