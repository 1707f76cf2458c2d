import type { ApiErrorBody, FieldProblem } from '@ummahnotify/domain';
import { checkInputMessage, issuesToErrors, refusalBody } from '@ummahnotify/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/** A catalogue key (and its values) that says the refusal in the reader's language. */
export type Translatable = Pick<ApiErrorBody, 'key' | 'params'>;

/** An expected refusal with a message meant for the person using the dashboard. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldProblem[],
    readonly translatable?: Translatable,
    /** More of the answer beside {code, message, errors} (the duplicate warning's `duplicates`). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** The answer to a refusal: every field error, and the message, each with its catalogue key. */
export const body = refusalBody;

/**
 * The 400 for bad input: every field error, and a message naming the first. With keepSentences, a
 * first error that is already a full sentence ("Tamil heading is required") is the message as it is.
 */
export function invalidInput(errors: FieldProblem[], { keepSentences = false } = {}): HttpError {
  const first = errors[0];
  if (keepSentences && first && /^[A-Z]/.test(first.message)) return new HttpError(400, first.message, errors);
  return new HttpError(400, checkInputMessage(first), errors);
}

/** Validates data the route schema could not see (multipart forms, merged records) with the same 400. */
export function parseOr400<S extends z.ZodType>(
  schema: S,
  data: unknown,
  options?: { keepSentences?: boolean },
): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw invalidInput(issuesToErrors(result.error), options);
  return result.data;
}

/** Every refusal answers `{code, message, errors?}`; server faults are logged and answered without details. */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        path: (v.instancePath || '').replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? 'is not valid',
      }));
      return reply.status(400).send(body(400, invalidInput(errors).message, errors));
    }
    if (error instanceof HttpError)
      return reply
        .status(error.statusCode)
        .send({ ...body(error.statusCode, error.message, error.errors, error.translatable), ...error.extra });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.status(status).send(body(status, error.message));
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(body(500, 'Something went wrong on our side. Please try again.'));
  });
}
