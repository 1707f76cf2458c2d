import { SIGNUP_API } from '@ummahnotify/core';
import {
  type Proof,
  type ProofChallenge,
  type ProvedChannel,
  proofChallengeQuerySchema,
  proofChallengeSchema,
} from '@ummahnotify/domain';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { altchaHmacKey, sha256, sharedKeys } from '../../secrets';
import { MINUTE } from './limits';
import { challengeCost } from './proof-cost';
import { refusal } from './texts';

/**
 * The proof of work (ALTCHA v2, altcha-lib) a visitor's browser does before an email or WhatsApp
 * sign-up sends anything: PBKDF2 derivations from counter 0 up to a secret counter the server chose.
 * Tuned so a mid-range phone takes about 0.5-2 s (docs/decisions/2026-11-26-signup-proof-of-work.md).
 */
export const PROOF_ALGORITHM = 'PBKDF2/SHA-256';
/** PBKDF2 iterations per counter tried. */
export const PROOF_COST = 1_000;
/**
 * The counter the page must reach, chosen at random in this range (altcha-lib's randomInt: both ends included): the
 * page tries counters from 0, so its work is the counter plus one times the cost. From 0, so a script that knows the
 * range has nothing to skip; up to 1 200, so the median stays 600 counters, as it was when the range was 400-800.
 */
export const PROOF_COUNTER = { min: 0, max: 1_200 } as const;
export const PROOF_LIFETIME_MS = 10 * MINUTE;
/**
 * Challenges a minute per IP: more than the sign-ups the routes allow (10), so their limit is the one a visitor
 * meets; making one costs the server a single derivation.
 */
const CHALLENGES_PER_MINUTE = 30;

const hmacKeys = new WeakMap<object, Promise<string>>();
/** ALTCHA_HMAC_KEY, else the key generated once and shared by the instances through the database. */
function hmacKeyOf(app: FastifyInstance): Promise<string> {
  let key = hmacKeys.get(app.db);
  if (!key) {
    key = altchaHmacKey(app.config.altchaHmacKey, sharedKeys(app.db, app.config.dataDir));
    hmacKeys.set(app.db, key);
  }
  return key;
}

/**
 * A signed challenge; `cost` (PBKDF2 iterations per counter, PROOF_COST by default) grows as the budget its sign-up
 * draws from fills (proof-cost.ts), and `channel` binds it to that sign-up.
 */
export async function newChallenge(
  hmacKey: string,
  now = Date.now(),
  { cost = PROOF_COST, channel }: { cost?: number; channel?: ProvedChannel } = {},
): Promise<ProofChallenge> {
  const challenge = await createChallenge({
    algorithm: PROOF_ALGORITHM,
    cost,
    ...(channel && { data: { channel } }),
    counter: randomInt(PROOF_COUNTER.max, PROOF_COUNTER.min),
    deriveKey,
    expiresAt: new Date(now + PROOF_LIFETIME_MS),
    hmacSignatureSecret: hmacKey,
  });
  return proofChallengeSchema.parse(challenge);
}

/**
 * Refuses with 400 unless the proof solves a challenge this server signed for `channel` (or for any sign-up), not
 * expired and not used before (by any instance: the used ones are kept in the database until they expire).
 * Checked before anything is written or sent.
 */
export async function requireProof(app: FastifyInstance, proof: Proof, channel: ProvedChannel): Promise<void> {
  const boundTo = proof.challenge.parameters.data?.channel;
  if (boundTo !== undefined && boundTo !== channel) throw refusal(400, 'server.proofRefused');
  const result = await verifySolution({
    challenge: proof.challenge,
    solution: proof.solution,
    deriveKey,
    hmacSignatureSecret: await hmacKeyOf(app),
  }).catch(() => null);
  if (result?.expired) throw refusal(400, 'server.proofExpired');
  if (!result?.verified) throw refusal(400, 'server.proofRefused');
  const used = await app.db
    .insertInto('signup_proofs')
    .values({
      challenge_hash: sha256(proof.challenge.signature),
      expires_at: new Date(proof.challenge.parameters.expiresAt * 1000).toISOString(),
    })
    .onConflict((oc) => oc.column('challenge_hash').doNothing())
    .returning('challenge_hash')
    .executeTakeFirst();
  if (!used) throw refusal(400, 'server.proofRefused');
}

/**
 * GET SIGNUP_API.challenge (?channel=email|whatsapp|webpush: the sign-up it is for, whose budgets set its cost),
 * and the job that forgets used proofs once their challenge has expired.
 */
export function registerProof(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    SIGNUP_API.challenge,
    {
      schema: { querystring: proofChallengeQuerySchema, response: { 200: proofChallengeSchema } },
      config: { access: 'public', rateLimit: { max: CHALLENGES_PER_MINUTE, timeWindow: MINUTE } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { channel } = request.query;
      const cost = await challengeCost(app, PROOF_COST, channel, request.ip);
      return newChallenge(await hmacKeyOf(app), Date.now(), { cost, channel });
    },
  );
  app.jobs.register({
    name: 'signup-proofs-purge',
    everyMs: 10 * MINUTE,
    run: async () => {
      await app.db.deleteFrom('signup_proofs').where('expires_at', '<', new Date().toISOString()).execute();
    },
  });
}
