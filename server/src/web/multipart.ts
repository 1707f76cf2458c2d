import multipart from '@fastify/multipart';
import { IMAGE_MAX_BYTES } from '@ummahnotify/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { HttpError, parseOr400 } from './errors';

export interface FormData {
  fields: Record<string, unknown>;
  /** The uploaded file's bytes, when one was sent. */
  file: Buffer | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** A form route's fields as sent (before validation) and its file: set by formRoute's preValidation. */
    form: FormData;
  }
}

/** The multipart parser (10 MB, one file) every form route uses. */
export async function registerForms(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 60, fieldSize: 100_000 } });
  app.decorateRequest('form', null as unknown as FormData);
}

/**
 * Reads a multipart form (text fields and at most one file). Requests sent as JSON are read as plain
 * fields, so every form route accepts both.
 */
async function readForm(request: FastifyRequest): Promise<FormData> {
  if (!request.isMultipart()) return { fields: (request.body ?? {}) as Record<string, unknown>, file: undefined };
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (bytes.length > 0) file = bytes;
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(400, 'The image is larger than 10 MB.', [
        { path: 'image', message: 'The image is larger than 10 MB.' },
      ]);
    if (code === 'FST_FILES_LIMIT') throw new HttpError(400, 'Send one image at a time.');
    throw new HttpError(400, 'The form could not be read. Please try again.');
  }
  return { fields, file };
}

/** The form turned into the body the route's schema validates, whether it came as multipart or JSON. */
async function formToBody(request: FastifyRequest): Promise<void> {
  request.form = await readForm(request);
  request.body = request.form.fields;
}

/**
 * The body through parseOr400 (the 400 every hand-validated input gives); other parts as on every route.
 * Generic in the route's schema type so it fits any route's options; every part's schema here is Zod.
 */
const formValidator =
  (options: { keepSentences?: boolean }) =>
  <T>(route: FastifyRouteSchemaDef<T>) => {
    const part = route as unknown as FastifyRouteSchemaDef<z.ZodType>;
    if (part.httpPart !== 'body') return validatorCompiler(part);
    return (data: unknown) => {
      try {
        return { value: parseOr400(part.schema, data ?? {}, options) };
      } catch (error) {
        return { error: error as Error };
      }
    };
  };

const FORM_TYPES = ['multipart/form-data', 'application/json'];

/**
 * Route options of a form route (multipart, with an optional file field `image`, or JSON): the form is read
 * before validation and checked with `body`, the same domain schema and the same 400 as a JSON route.
 * `schema`: the route's other schema parts (params, response, description). keepSentences: see invalidInput.
 * The file is on request.form.file.
 */
export function formRoute<S extends z.ZodType, X extends Record<string, unknown> = Record<never, never>>(
  body: S,
  schema: X = {} as X,
  options: { keepSentences?: boolean } = {},
) {
  return {
    schema: { ...schema, body, consumes: FORM_TYPES },
    preValidation: formToBody,
    validatorCompiler: formValidator(options),
  };
}
