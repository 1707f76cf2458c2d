import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { credentialsHidden } from '../url-credentials';

/** Query parameters that carry a secret: link tokens, the OIDC code and state, WhatsApp's verify token. */
const SECRET_PARAM = /([?&](?:token|code|state|start|hub\.verify_token|hub\.challenge)=)[^&#]*/gi;
/** Path segments that carry a secret: the one-click unsubscribe token. */
const SECRET_SEGMENT = /(\/unsubscribe\/)[^/?#]+/gi;

/** The URL as request logs may show it: every token replaced by REDACTED. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAM, '$1REDACTED').replace(SECRET_SEGMENT, '$1REDACTED');
}

/** Fastify's own request serializer, with the URL redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** An error as pino shows it (type, message, stack, own fields), with credentials in URLs hidden (a driver's message may quote one). */
function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return typeof error === 'string' ? credentialsHidden(error) : error;
  const shown: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error))
    shown[key] = typeof value === 'string' ? credentialsHidden(value) : value;
  return {
    ...shown,
    type: error.constructor.name,
    message: credentialsHidden(error.message),
    stack: credentialsHidden(error.stack ?? ''),
  };
}

/**
 * Adds the redacting serializers to a logger configuration (false stays false): request URLs without
 * their tokens, and errors and message texts without credentials in URLs (REDIS_URL, DATABASE_URL, ...).
 */
export function redactingLogger(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const base = logger === true ? { level: 'info' } : logger;
  return {
    ...base,
    serializers: { ...base.serializers, req: serializeRequest, err: serializeError },
    hooks: {
      logMethod(args: unknown[], method: (...a: unknown[]) => void) {
        const shown = args.map((a) => (typeof a === 'string' ? credentialsHidden(a) : a));
        // log.warn(error) takes its message from the error itself, past the serializer
        if (shown[0] instanceof Error && typeof shown[1] !== 'string')
          shown.splice(1, 0, credentialsHidden(shown[0].message));
        method.apply(this, shown);
      },
    },
  } as FastifyServerOptions['logger'];
}
