import type { FastifyRequest, FastifyServerOptions } from 'fastify';

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

/** Adds the redacting serializer to a logger configuration (false stays false). */
export function redactingLogger(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const base = logger === true ? { level: 'info' } : logger;
  return { ...base, serializers: { ...base.serializers, req: serializeRequest } } as FastifyServerOptions['logger'];
}
