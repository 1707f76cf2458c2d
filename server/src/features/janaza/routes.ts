import {
  catalogues,
  JANAZA_PATHS,
  type JanazaCreate,
  type JanazaListAnswer,
  type JanazaListQuery,
  type JanazaNoticeAnswer,
  type JanazaUpdate,
  janazaCreateSchema,
  janazaIdParamsSchema,
  janazaListQuerySchema,
  janazaNoticeSchema,
  janazaUpdateSchema,
  messageAnswerSchema,
  prayerTimeAnswerSchema,
  prayerTimeQuerySchema,
} from '@ummahnotify/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { audit } from '../../audit';
import { signedInUser } from '../../auth/guard';
import { STAFF } from '../../auth/rights';
import { HttpError } from '../../web/errors';
import { formRoute } from '../../web/multipart';
import { findProvider } from '../providers/store';
import { type ProcessedImage, processImage } from '../uploads/image';
import { registerJanazaCorrection } from './correction';
import { refuseDuplicates } from './duplicates';
import { toNotice } from './json';
import { noticeTime, prayerTime } from './prayer-time';
import { deleteNotice, findNotice, insertNotice, listNotices, updateNotice } from './store';
import { registerJanazaWithdrawal } from './withdrawal';

const m = catalogues.janaza.en;
const ENTITY = 'janaza_notice';

const providerUnknown = () =>
  new HttpError(400, m['error.providerUnknown'], [{ path: 'provider', message: m['error.providerUnknown'] }]);
const notFound = () => new HttpError(404, m['error.notFound']);

/**
 * The janaza handlers, built once per app. Exported so the second path set
 * (/api/api/v1/admin/ummahnotify/janaza, docs/product/api.md) can mount the same list and create with
 * `registerJanazaListAndCreate(app, JANAZA_PATHS.legacyNotices)`: one implementation.
 */
function janazaHandlers({ db, images }: Pick<FastifyInstance, 'db' | 'images'>) {
  /** Validates everything (fields, provider, image bytes) before anything is written. */
  const create = async (
    request: FastifyRequest,
    reply: FastifyReply,
    input: JanazaCreate,
  ): Promise<JanazaNoticeAnswer> => {
    const user = signedInUser(request);
    const { fields, file } = request.form;
    const provider = await findProvider(db, input.provider);
    if (!provider) throw providerUnknown();
    const image: ProcessedImage | undefined = file ? await processImage(file) : undefined;
    // Compared on the computed time: a notice "after Asar" and one at 4:10 pm the same day are close.
    const dueDate = noticeTime(input)?.due_date;
    if (dueDate) await refuseDuplicates(db, fields, input.name, dueDate);

    let savedImageId = null as string | null;
    try {
      const row = await db.transaction().execute(async (trx) => {
        savedImageId = image ? await images.save(trx, image, user.id) : null;
        const created = await insertNotice(trx, { input, provider, imageId: savedImageId, userId: user.id });
        await audit(trx, {
          actorId: user.id,
          action: 'janaza.created',
          entity: ENTITY,
          entityId: created.id,
          after: toNotice(created),
        });
        return created;
      });
      if (row.status === 'approved') request.server.delivery.wake();
      reply.status(201);
      return { code: 201, data: toNotice(row) };
    } catch (error) {
      if (savedImageId) await images.remove(db, savedImageId).catch(() => {});
      throw error;
    }
  };

  const list = async (query: JanazaListQuery): Promise<JanazaListAnswer> => {
    const { notices, nextCursor } = await listNotices(db, query);
    return nextCursor === undefined ? { code: 200, data: notices } : { code: 200, data: notices, nextCursor };
  };

  /** Inline edit: any field but postal, and 'replace image' as multipart. */
  const update = async (request: FastifyRequest, id: string, fields: JanazaUpdate): Promise<JanazaNoticeAnswer> => {
    const user = signedInUser(request);
    const { file } = request.form;
    const { postal, ...input } = fields;
    const existing = await findNotice(db, id);
    if (!existing) throw notFound();
    if (existing.withdrawn_at) throw new HttpError(409, m['error.withdrawnLocked']);
    if (postal !== undefined && postal !== existing.postal) {
      throw new HttpError(400, m['error.postalLocked'], [{ path: 'postal', message: m['error.postalLocked'] }]);
    }
    const provider =
      input.provider !== undefined && input.provider !== existing.provider_id
        ? await findProvider(db, input.provider)
        : undefined;
    if (input.provider !== undefined && input.provider !== existing.provider_id && !provider) throw providerUnknown();
    const image = file ? await processImage(file) : undefined;

    let savedImageId = undefined as string | undefined;
    try {
      const { before, after } = await db.transaction().execute(async (trx) => {
        const current = await findNotice(trx, id);
        if (!current) throw notFound();
        if (current.withdrawn_at) throw new HttpError(409, m['error.withdrawnLocked']);
        savedImageId = image ? await images.save(trx, image, user.id) : undefined;
        const changed = await updateNotice(trx, current, { input, provider, imageId: savedImageId });
        await audit(trx, {
          actorId: user.id,
          action: 'janaza.updated',
          entity: ENTITY,
          entityId: id,
          before: toNotice(current),
          after: toNotice(changed),
        });
        // A status change is also the notice's review (the activity log's approvals): janaza.approved, .rejected, ...
        if (changed.status !== current.status)
          await audit(trx, {
            actorId: user.id,
            action: `janaza.${changed.status}`,
            entity: ENTITY,
            entityId: id,
            after: { name: changed.name, status: changed.status },
          });
        return { before: current, after: changed };
      });
      if (savedImageId && before.image_id) await images.remove(db, before.image_id).catch(() => {});
      if (after.status === 'approved' && before.status !== 'approved') request.server.delivery.wake();
      return { code: 200, data: toNotice(after) };
    } catch (error) {
      if (savedImageId) await images.remove(db, savedImageId).catch(() => {});
      throw error;
    }
  };

  const remove = async (request: FastifyRequest, id: string) => {
    const user = signedInUser(request);
    const removed = await db.transaction().execute(async (trx) => {
      const current = await findNotice(trx, id);
      if (!current) throw notFound();
      await deleteNotice(trx, id);
      await audit(trx, {
        actorId: user.id,
        action: 'janaza.deleted',
        entity: ENTITY,
        entityId: id,
        before: toNotice(current),
      });
      return current;
    });
    if (removed.image_id) await images.remove(db, removed.image_id).catch(() => {});
    return { code: 200 as const, message: 'Notification deleted' };
  };

  return { list, create, update, remove };
}

const CREATE_DOC =
  'Fields (janazaCreateSchema): provider, name, age, postal (6 digits), dueDate, gender (male), isPrivacy (false), note, address, status (pending); optional file field `image` (JPEG, PNG or WebP, at most 10 MB). Answers 201 {code: 201, data: notice}.';
const UPDATE_DOC =
  'Any field of janazaUpdateSchema; postal may be sent but must not change; optional file field `image` replaces the photo. Answers {code: 200, data: notice}.';

/** JanazaNoticeAnswer: 201 after a create, 200 after an update. */
const noticeAnswer = z.object({ code: z.union([z.literal(200), z.literal(201)]), data: janazaNoticeSchema });
const listAnswer = z.object({
  code: z.literal(200),
  data: z.array(janazaNoticeSchema),
  nextCursor: z.string().nullable().optional(),
});

/** Staff only, every janaza route. */
const config = { access: STAFF };

/** GET (list) and POST (create) at `path`. */
function registerJanazaListAndCreate(app: FastifyInstance, path: string): void {
  const handlers = janazaHandlers(app);
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(path, { schema: { querystring: janazaListQuerySchema, response: { 200: listAnswer } }, config }, (request) =>
      handlers.list(request.query),
    );
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      path,
      { ...formRoute(janazaCreateSchema, { description: CREATE_DOC, response: { 201: noticeAnswer } }), config },
      (request, reply) => handlers.create(request, reply, request.body),
    );
}

/**
 * docs/product/api.md: GET/POST /api/v1/admin/notifications/janaza, PATCH/DELETE /api/v1/admin/notifications/janaza/{id};
 * the same list and create again at /api/api/v1/admin/ummahnotify/janaza (the second set of paths, docs/product/api.md);
 * and the correction of a sent notice.
 */
export async function registerJanaza(app: FastifyInstance): Promise<void> {
  const handlers = janazaHandlers(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  registerJanazaListAndCreate(app, JANAZA_PATHS.notices);
  registerJanazaListAndCreate(app, JANAZA_PATHS.legacyNotices);
  r.patch(
    `${JANAZA_PATHS.notices}/:id`,
    {
      ...formRoute(janazaUpdateSchema, {
        params: janazaIdParamsSchema,
        description: UPDATE_DOC,
        response: { 200: noticeAnswer },
      }),
      config,
    },
    (request) => handlers.update(request, request.params.id, request.body),
  );
  const removeRoute = { schema: { params: janazaIdParamsSchema, response: { 200: messageAnswerSchema } }, config };
  r.delete(`${JANAZA_PATHS.notices}/:id`, removeRoute, (request) => handlers.remove(request, request.params.id));
  registerJanazaCorrection(app);
  registerJanazaWithdrawal(app);
  // The form's question before saving a notice whose prayer has passed: the time is computed here only.
  r.get(
    JANAZA_PATHS.prayerTime,
    { schema: { querystring: prayerTimeQuerySchema, response: { 200: prayerTimeAnswerSchema } }, config },
    (request) => {
      const { prayer, prayerDate } = request.query;
      return { code: 200 as const, data: { prayer, prayerDate, dueDate: prayerTime(prayer, prayerDate) } };
    },
  );
}
