import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../web/errors';

/**
 * Answers with an image from the database. An upload id never gets other bytes (a new photo is a new
 * upload), so the id and variant are a strong ETag, and a browser's If-None-Match gets a 304.
 * The one place the image routes (staff and public) set their caching headers.
 */
export function sendImage(
  request: FastifyRequest,
  reply: FastifyReply,
  image: { bytes: Buffer | undefined; etag: string; cacheControl: string; notFound: string },
): FastifyReply {
  if (!image.bytes) throw new HttpError(404, image.notFound);
  const etag = `"${image.etag}"`;
  reply.header('Cache-Control', image.cacheControl).header('ETag', etag);
  if (hasEtag(request, etag)) return reply.status(304).send();
  return reply.type('image/jpeg').send(image.bytes);
}

/** True when the request's If-None-Match names `etag` (quoted, as sent in ETag): the answer is a 304. */
export function hasEtag(request: FastifyRequest, etag: string): boolean {
  const wanted = request.headers['if-none-match'];
  return !!wanted?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
