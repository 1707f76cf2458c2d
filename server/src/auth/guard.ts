import { isStaff, type Rights } from '@ummahnotify/domain';
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyPluginCallback,
  FastifyPluginOptions,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import type { Db } from '../db/connect';
import type { UserRow } from '../db/schema';
import { body, HttpError } from '../web/errors';
import type { Access } from './rights';
import { SESSION_COOKIE, userForSession } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account, set by the guard on every route that is not public. */
    user: UserRow | null;
  }
  interface FastifyInstance {
    /** "METHOD /path" of every route registered, for the rights-matrix test. */
    routeKeys: string[];
    /** The access each of those routes declared, by the same key (the bad-input test's public routes). */
    routeAccess: Map<string, Access>;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The account on a route the guard has let through; routes that are not public can rely on it. */
export function signedInUser(request: Pick<FastifyRequest, 'user'>): UserRow {
  if (!request.user) throw new HttpError(401, 'Please sign in to continue.');
  return request.user;
}

export function sessionToken(request: FastifyRequest): string | undefined {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : undefined;
}

/** Set on a plugin's scope by registerWithAccess: the access of the routes that plugin adds. */
const PLUGIN_ACCESS = Symbol('access of the routes a plugin adds');
type Scope = FastifyInstance & { [PLUGIN_ACCESS]?: Access };

/**
 * Registers a plugin that adds routes without passing route options through (@fastify/static builds
 * its own), so they cannot declare `config.access`: each of its routes gets `access`. The plugin runs
 * in a scope of its own, so routes registered anywhere else still have to declare theirs.
 */
export async function registerWithAccess<Options extends FastifyPluginOptions>(
  app: FastifyInstance,
  access: Access,
  plugin: FastifyPluginCallback<Options> | FastifyPluginAsync<Options>,
  options: Options,
): Promise<void> {
  await app.register(async (scope: Scope) => {
    scope[PLUGIN_ACCESS] = access;
    await scope.register(plugin, options);
  });
}

/**
 * Enforces on the server the access each route declares (`config: { access }`, a route without one
 * stops start-up), and state-changing calls must come from an allowed origin. Runs before the body
 * is read, so refused uploads cost nothing. HEAD routes Fastify adds copy their GET route's options.
 * Every answer of a route that needs a session, refusals included, is `Cache-Control: no-store`.
 */
export function installRightsGuard(
  app: FastifyInstance,
  db: Db,
  allowedOrigins: string[],
  sessionIdleMs: number,
): void {
  app.decorateRequest('user', null);
  app.decorate('routeKeys', [] as string[]);
  app.decorate('routeAccess', new Map<string, Access>());

  // A write that carries the session cookie must show it comes from our own pages: an allowed Origin,
  // or (when a browser leaves Origin out) Sec-Fetch-Site: same-origin. Writes without the cookie
  // (public sign-up, webhooks with their own secret) only need an Origin, when sent, to be allowed.
  const checkOrigin = async (request: FastifyRequest, reply: FastifyReply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const allowed = origin
      ? allowedOrigins.includes(origin)
      : !request.cookies[SESSION_COOKIE] || request.headers['sec-fetch-site'] === 'same-origin';
    if (!allowed) {
      return reply
        .status(403)
        .send(body(403, 'This request came from a site that is not allowed to change data here.'));
    }
  };
  const checkAccess = (access: Access) => async (request: FastifyRequest, reply: FastifyReply) => {
    if (access === 'public') return;
    // What a session reads (private notices' names, people's addresses) is kept by no browser or proxy;
    // a route may set its own (the staff photos' private cache, uploads/routes.ts).
    reply.header('Cache-Control', 'no-store');
    const token = sessionToken(request);
    const user = token ? await userForSession(db, token, sessionIdleMs) : undefined;
    if (!user) return reply.status(401).send(body(401, 'Please sign in to continue.'));
    request.user = user;
    if (access === 'signed-in') return;
    if (!isStaff(user.rights) || !access.includes(user.rights as Rights)) {
      return reply.status(403).send(body(403, 'Your account does not have the rights to do this.'));
    }
  };

  app.addHook('onRoute', function (this: Scope, route) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const keys = methods.map((method) => `${method} ${route.url}`);
    const access = route.config?.access ?? this[PLUGIN_ACCESS];
    if (access === undefined)
      throw new Error(
        `Route ${keys.join(', ')} has no line in the rights table: declare its access in its route options, config: { access }`,
      );
    app.routeKeys.push(...keys);
    for (const key of keys) app.routeAccess.set(key, access);
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [checkOrigin, checkAccess(access), ...existing];
  });
}
