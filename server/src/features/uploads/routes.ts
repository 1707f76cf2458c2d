import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import multipart from '@fastify/multipart';
import { IMAGE_MAX_BYTES } from '@ummahnotify/shared/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../web/errors';
import type { FeatureDeps } from '../index';
import { imagePath } from './store';

const params = z.object({ id: z.uuid({ error: 'is not an upload id' }) });

/** The multipart parser every form route uses, and the staff-only image URLs. */
export async function registerUploads(app: FastifyInstance, { config, db }: FeatureDeps): Promise<void> {
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 60, fieldSize: 100_000 } });

  const send =
    (variant: 'full' | 'thumb') => async (request: { params: unknown }, reply: import('fastify').FastifyReply) => {
      const { id } = params.parse(request.params);
      const file = imagePath(config.dataDir, id, variant);
      await access(file).catch(() => {
        throw new HttpError(404, 'That image does not exist.');
      });
      // A private notice's photo must not stay in a browser's cache (a shared or lost phone).
      const privateNotice = await db
        .selectFrom('janaza_notices')
        .select('id')
        .where('image_id', '=', id)
        .where('is_privacy', '=', 1)
        .executeTakeFirst();
      reply
        .header('Cache-Control', privateNotice ? 'no-store' : 'private, max-age=31536000, immutable')
        .type('image/jpeg');
      return reply.send(createReadStream(file));
    };
  app.get('/api/v1/uploads/:id', { schema: { params } }, send('full'));
  app.get('/api/v1/uploads/:id/thumb', { schema: { params } }, send('thumb'));
}
