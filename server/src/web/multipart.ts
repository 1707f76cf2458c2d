import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { HttpError, parseOr400 } from './errors';

export interface FormData {
  fields: Record<string, string>;
  /** The uploaded file's bytes, when one was sent. */
  file: Buffer | undefined;
}

/**
 * Reads a multipart form (text fields and at most one file). Requests sent as JSON are read as plain
 * fields, so every form route accepts both. Limits come from the multipart plugin (10 MB, one file).
 */
export async function readForm(request: FastifyRequest): Promise<FormData> {
  if (!request.isMultipart()) return { fields: (request.body ?? {}) as Record<string, string>, file: undefined };
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

/**
 * Reads a form sent as multipart (with an optional file) or as JSON and validates its fields with the
 * shared schema, before anything is written. keepSentences: see invalidInput.
 */
export async function readValidForm<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
  options?: { keepSentences?: boolean },
): Promise<{ fields: z.output<S>; file: Buffer | undefined }> {
  const form = await readForm(request);
  return { fields: parseOr400(schema, form.fields, options), file: form.file };
}
