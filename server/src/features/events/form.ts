import { issuesToErrors } from '@ummahnotify/shared/domain';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { HttpError } from '../../web/errors';
import { type ProcessedImage, processImage } from '../uploads/image';
import { readForm } from '../uploads/multipart';

/** The refusal for bad fields, shaped like the automatic one (web/errors.ts); full sentences are kept as written. */
function refusal(error: z.ZodError): HttpError {
  const errors = issuesToErrors(error);
  const first = errors[0];
  const sentence = first && /^[A-Z]/.test(first.message);
  const message = !first
    ? 'Please check your input'
    : sentence
      ? first.message
      : `Please check your input: ${first.path ? `${first.path} ` : ''}${first.message}`;
  return new HttpError(400, message, errors);
}

/**
 * Reads a form sent as multipart (with an optional poster) or as JSON, validates the fields with the
 * shared schema and checks the image by content. Everything is checked before anything is written.
 */
export async function readEventForm<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
): Promise<{ fields: z.output<S>; image: ProcessedImage | undefined }> {
  const form = await readForm(request);
  const parsed = schema.safeParse(form.fields ?? {});
  if (!parsed.success) throw refusal(parsed.error);
  const image = form.file ? await processImage(form.file) : undefined;
  return { fields: parsed.data, image };
}
