import { API_PATHS } from '@ummahnotify/core';
import {
  linkedSignInAnswerSchema,
  messageAnswerSchema,
  protectedUserSchema,
  refusedSignInsAnswerSchema,
  sessionAnswerSchema,
} from '@ummahnotify/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { audit } from '../audit';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { body, HttpError } from '../web/errors';
import { sessionToken, signedInUser } from './guard';
import type { OidcClient, PendingSignIn } from './oidc';
import { SUPERADMIN } from './rights';
import { closeSession, openSession, SESSION_COOKIE, sessionExpiry, userForSession } from './sessions';
import { linkRefusedSubject, listRefusedSignIns, toProtectedUser, upsertSignedInUser } from './users';

const PENDING_COOKIE = 'un_signin';
const linkParams = z.object({ id: z.uuid({ error: 'is not an account id' }) });
const PENDING_TTL_S = 10 * 60;

export interface CookiePolicy {
  secure: boolean;
  sameSite: 'lax' | 'none';
}

/** Cookies are Secure behind https, and SameSite=None only when the shell lives on another site. */
export function cookiePolicy(config: Config): CookiePolicy {
  const secure = config.publicUrl.startsWith('https:');
  const site = (origin: string) => new URL(origin).hostname.split('.').slice(-2).join('.');
  const crossSite = config.corsOrigins.some((o) => site(o) !== site(config.publicUrl));
  return { secure, sameSite: crossSite && secure ? 'none' : 'lax' };
}

/** Sign-in (OpenID Connect), the signed-in user, and sign-out. */
export function registerAuthRoutes(app: FastifyInstance, deps: { db: Db; config: Config; oidc: OidcClient }): void {
  const { db, config, oidc } = deps;
  const policy = cookiePolicy(config);
  const cookieBase = { path: '/', httpOnly: true, secure: policy.secure, signed: true } as const;

  // A session cookie signed with SESSION_SECRET_PREVIOUS (accepted by @fastify/cookie's key rotation) is signed again
  // with the current secret in the answer to its first use: once the idle time-out has passed after a rotation,
  // every session still alive carries the new signature and SESSION_SECRET_PREVIOUS can go.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.user) return payload;
    const raw = request.cookies[SESSION_COOKIE];
    const unsigned = raw ? request.unsignCookie(raw) : undefined;
    if (!unsigned?.valid || !unsigned.renew || !unsigned.value) return payload;
    const expires = await sessionExpiry(db, unsigned.value);
    if (expires) reply.setCookie(SESSION_COOKIE, unsigned.value, { ...cookieBase, sameSite: policy.sameSite, expires });
    return payload;
  });

  app.get(API_PATHS.signIn, { config: { access: 'public' } }, async (request, reply) => {
    let started: Awaited<ReturnType<OidcClient['start']>>;
    try {
      started = await oidc.start();
    } catch (error) {
      request.log.error({ err: error }, 'OpenID Connect discovery failed');
      return reply
        .status(503)
        .send(body(503, 'Sign-in is unavailable right now: the sign-in provider could not be reached.'));
    }
    // The pending sign-in must survive the top-level redirect back from the issuer: SameSite=Lax.
    reply.setCookie(PENDING_COOKIE, JSON.stringify(started.pending), {
      ...cookieBase,
      sameSite: 'lax',
      maxAge: PENDING_TTL_S,
    });
    return reply.redirect(started.url.href);
  });

  app.get(API_PATHS.signInCallback, { config: { access: 'public' } }, async (request, reply) => {
    const raw = request.cookies[PENDING_COOKIE];
    const unsigned = raw ? request.unsignCookie(raw) : undefined;
    reply.clearCookie(PENDING_COOKIE, { path: '/' });
    if (!unsigned?.valid || !unsigned.value) return reply.redirect(`${config.publicUrl}/login?error=expired`);
    const pending = JSON.parse(unsigned.value) as PendingSignIn;
    const callbackUrl = new URL(request.url, config.publicUrl);
    let identity: Awaited<ReturnType<OidcClient['finish']>>;
    try {
      identity = await oidc.finish(callbackUrl, pending);
    } catch (error) {
      request.log.warn({ err: error }, 'sign-in callback refused');
      return reply.redirect(`${config.publicUrl}/login?error=failed`);
    }
    if (!identity.email || !identity.emailVerified) return reply.redirect(`${config.publicUrl}/login?error=unverified`);

    const outcome = await upsertSignedInUser(db, identity, {
      superadminEmails: config.superadminEmails,
      demo: config.demo,
    });
    if ('refused' in outcome) {
      request.log.warn({ reason: outcome.refused }, 'sign-in refused: the email belongs to another sign-in');
      return reply.redirect(`${config.publicUrl}/login?error=${outcome.refused}`);
    }
    const { user } = outcome;
    const previous = sessionToken(request);
    if (previous) await closeSession(db, previous); // rotate: never keep a pre-sign-in session id
    const session = await openSession(db, user.id);
    await audit(db, { actorId: user.id, action: 'user.signed-in', entity: 'user', entityId: user.id });
    reply.setCookie(SESSION_COOKIE, session.token, {
      ...cookieBase,
      sameSite: policy.sameSite,
      expires: session.expiresAt,
    });
    request.log.info({ userId: user.id, rights: user.rights }, 'signed in');
    return reply.redirect(`${config.publicUrl}/dashboard`);
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    API_PATHS.protected,
    { schema: { response: { 200: protectedUserSchema } }, config: { access: 'signed-in' } },
    async (request) => toProtectedUser(signedInUser(request)),
  );
  // The same account, for anyone: null without a session (or with one that has ended), never a 401. Like every answer
  // about a session, kept by no browser or proxy.
  r.get(
    API_PATHS.session,
    { schema: { response: { 200: sessionAnswerSchema } }, config: { access: 'public' } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const token = sessionToken(request);
      const user = token ? await userForSession(db, token, config.sessionIdleMinutes * 60_000) : undefined;
      return { user: user ? toProtectedUser(user) : null };
    },
  );

  const signOut = { schema: { response: { 200: messageAnswerSchema } }, config: { access: 'public' } } as const;
  const endSession = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = sessionToken(request);
    if (token) await closeSession(db, token);
    reply.clearCookie(SESSION_COOKIE, { path: '/', secure: policy.secure, sameSite: policy.sameSite });
    return { code: 200 as const, message: 'Signed out' };
  };
  r.get(API_PATHS.logout, signOut, async (request, reply) => {
    // docs/product/api.md makes logout a GET (the dashboard's EXIT); a link on another site must not sign staff out.
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw new HttpError(403, 'Signing out from another site is not allowed.');
    }
    return endSession(request, reply);
  });
  // The login page's "Sign out" button: a write like any other, so the guard's origin check applies (a session's
  // cookie with a foreign Origin, or with neither Origin nor Sec-Fetch-Site: same-origin, is refused with 403).
  r.post(API_PATHS.logout, signOut, endSession);

  r.get(
    API_PATHS.refusedSignIns,
    { schema: { response: { 200: refusedSignInsAnswerSchema } }, config: { access: SUPERADMIN } },
    async () => ({ code: 200 as const, data: await listRefusedSignIns(db) }),
  );

  const link = {
    schema: { params: linkParams, response: { 200: linkedSignInAnswerSchema } },
    config: { access: SUPERADMIN },
  } as const;
  r.post(API_PATHS.linkSignIn, link, async (request) => {
    const { id } = request.params;
    const linked = await linkRefusedSubject(db, id, signedInUser(request).id);
    if (!linked) throw new HttpError(404, 'No refused sign-in is waiting to be linked to that account.');
    request.log.info({ userId: id }, 'sign-in linked by a superadmin');
    return { code: 200 as const, data: toProtectedUser(linked) };
  });
}
