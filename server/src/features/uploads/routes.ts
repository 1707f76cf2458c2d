import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { STAFF } from '../../auth/rights';
import { registerForms } from '../../web/multipart';
import { importUploadFiles } from './import-files';
import { sendImage } from './send';
import type { ImageVariant } from './store';

const params = z.object({ id: z.uuid({ error: 'is not an upload id' }) });

/** The multipart parser every form route uses, and the staff-only image URLs. */
export async function registerUploads(app: FastifyInstance): Promise<void> {
  const { db, config, images } = app;
  await importUploadFiles(db, images, config.dataDir, app.log);
  await registerForms(app);

  const send =
    (variant: ImageVariant) =>
    async (request: FastifyRequest<{ Params: z.output<typeof params> }>, reply: FastifyReply) => {
      const { id } = request.params;
      // A private notice's photo must not stay in a browser's cache (a shared or lost phone).
      const privateNotice = await db
        .selectFrom('janaza_notices')
        .select('id')
        .where('image_id', '=', id)
        .where('is_privacy', '=', 1)
        .executeTakeFirst();
      return sendImage(request, reply, {
        bytes: await images.read(db, id, variant),
        etag: `${id}-${variant}`,
        cacheControl: privateNotice ? 'no-store' : 'private, max-age=31536000, immutable',
        notFound: 'That image does not exist.',
      });
    };
  app.get('/api/v1/uploads/:id', { schema: { params }, config: { access: STAFF } }, send('full'));
  app.get('/api/v1/uploads/:id/thumb', { schema: { params }, config: { access: STAFF } }, send('thumb'));
}
