import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { parseOr400 } from '../../web/errors';
import { type ProcessedImage, processImage } from '../uploads/image';
import { readForm } from '../uploads/multipart';

/**
 * Reads a form sent as multipart (with an optional poster) or as JSON, validates the fields with the
 * shared schema and checks the image by content. Everything is checked before anything is written.
 */
export async function readEventForm<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
): Promise<{ fields: z.output<S>; image: ProcessedImage | undefined }> {
  const form = await readForm(request);
  // Full sentences are kept as written: the form shows the server's message beside the field.
  const fields = parseOr400(schema, form.fields ?? {}, { keepSentences: true });
  const image = form.file ? await processImage(form.file) : undefined;
  return { fields, image };
}
