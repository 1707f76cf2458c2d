import {
  aiEventSchema,
  createEventSchema,
  EVENT_PATHS,
  eventAnswerSchema,
  eventDeletedAnswerSchema,
  eventIdParamsSchema,
  eventListAnswerSchema,
  eventListQuerySchema,
  type UpdateEvent,
  updateEventSchema,
} from '@ummahnotify/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorId } from '../../auth/actor';
import { STAFF } from '../../auth/rights';
import { formRoute } from '../../web/multipart';
import { type ProcessedImage, processImage } from '../uploads/image';
import { registerEventCorrection } from './correction';
import { createEvent, deleteEvent, listEvents, publish, setAiSource, updateEvent, type Writer } from './store';
import { registerEventWithdrawal } from './withdrawal';

const ONE = `${EVENT_PATHS.list}/:id`;
const PUBLISH = EVENT_PATHS.publish(':id');
const AI_SOURCE = EVENT_PATHS.aiSource(':id');

/**
 * Events (docs/product/api.md, both sets of paths): list, create, update (PATCH, or POST with form data), publish,
 * delete, the pasted AI answer kept as the draft source, a correction and a withdrawal. Staff only.
 */
export async function registerEvents(app: FastifyInstance): Promise<void> {
  const { db, images } = app;
  const writer = (request: FastifyRequest): Writer => {
    return { db, images, actorId: actorId(request) };
  };
  const params = { params: eventIdParamsSchema };
  // Full sentences are kept as written: the form shows the server's message beside the field.
  const form = { keepSentences: true };
  const poster = (request: FastifyRequest): Promise<ProcessedImage | undefined> =>
    request.form.file ? processImage(request.form.file) : Promise.resolve(undefined);
  const config = { access: STAFF };

  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    EVENT_PATHS.list,
    { schema: { querystring: eventListQuerySchema, response: { 200: eventListAnswerSchema } }, config },
    async (request) => {
      const { events, nextCursor } = await listEvents(db, request.query);
      return { code: 200, events, nextCursor };
    },
  );

  r.post(
    EVENT_PATHS.list,
    { ...formRoute(createEventSchema, { response: { 201: eventAnswerSchema } }, form), config },
    async (request, reply) => {
      const data = await createEvent(writer(request), request.body, await poster(request));
      return reply.status(201).send({ code: 201, message: 'Event created successfully', data });
    },
  );

  const update = async (request: FastifyRequest, id: string, fields: UpdateEvent) => {
    const data = await updateEvent(writer(request), id, fields, await poster(request));
    if (fields.published === true) app.delivery.wake();
    return { code: 200, data };
  };
  const updateRoute = {
    ...formRoute(updateEventSchema, { ...params, response: { 200: eventAnswerSchema } }, form),
    config,
  };
  r.patch(ONE, updateRoute, (request) => update(request, request.params.id, request.body));
  r.post(ONE, updateRoute, (request) => update(request, request.params.id, request.body));

  r.patch(PUBLISH, { schema: { ...params, response: { 200: eventAnswerSchema } }, config }, async (request) => {
    const data = await publish(writer(request), request.params.id);
    app.delivery.wake();
    return { code: 200, data };
  });

  r.delete(ONE, { schema: { ...params, response: { 200: eventDeletedAnswerSchema } }, config }, async (request) => {
    const { id } = request.params;
    await deleteEvent(writer(request), id);
    return { code: 200 as const, message: 'Event deleted', data: { _id: id } };
  });

  r.post(
    AI_SOURCE,
    { schema: { ...params, body: aiEventSchema, response: { 200: eventAnswerSchema } }, config },
    async (request) => {
      return { code: 200, data: await setAiSource(writer(request), request.params.id, request.body) };
    },
  );

  registerEventCorrection(app);
  registerEventWithdrawal(app);
}
