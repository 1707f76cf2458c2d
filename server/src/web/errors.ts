import type { ApiErrorBody } from '@ummahnotify/shared/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An expected refusal with a message meant for the person using the dashboard. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: ApiErrorBody['errors'],
  ) {
    super(message);
  }
}

export function body(code: number, message: string, errors?: ApiErrorBody['errors']): ApiErrorBody {
  return errors ? { code, message, errors } : { code, message };
}

/** Every refusal answers `{code, message, errors?}`; server faults are logged and answered without details. */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        path: (v.instancePath || '').replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? 'is not valid',
      }));
      const first = errors[0];
      const message = first
        ? `Please check your input: ${first.path ? `${first.path} ` : ''}${first.message}`
        : 'Please check your input';
      return reply.status(400).send(body(400, message, errors));
    }
    if (error instanceof HttpError)
      return reply.status(error.statusCode).send(body(error.statusCode, error.message, error.errors));
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.status(status).send(body(status, error.message));
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(body(500, 'Something went wrong on our side. Please try again.'));
  });
}
