import {
  aiEventSchema,
  createEventSchema,
  EVENT_PATHS,
  eventIdParamsSchema,
  eventListQuerySchema,
  updateEventSchema,
} from '@ummahnotify/shared/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { signedInUser } from '../../auth/guard';
import { registerEventCorrection } from './correction';
import { readEventForm } from './form';
import { createEvent, deleteEvent, listEvents, publish, setAiSource, updateEvent, type Writer } from './store';

const ONE = `${EVENT_PATHS.list}/:id`;
const PUBLISH = EVENT_PATHS.publish(':id');
const AI_SOURCE = EVENT_PATHS.aiSource(':id');

/**
 * Events (SPEC §7, both sets of paths): list, create, update (PATCH, or POST with form data), publish,
 * delete, and the pasted AI answer kept as the draft source. Rights: auth/rights.ts (staff).
 */
export async function registerEvents(app: FastifyInstance): Promise<void> {
  const { db, images } = app;
  const writer = (request: FastifyRequest): Writer => {
    return { db, images, actorId: signedInUser(request).id };
  };
  const params = { params: eventIdParamsSchema };

  app.get(EVENT_PATHS.list, { schema: { querystring: eventListQuerySchema } }, async (request) => {
    const { events, nextCursor } = await listEvents(db, eventListQuerySchema.parse(request.query));
    return { code: 200, events, nextCursor };
  });

  app.post(EVENT_PATHS.list, async (request, reply) => {
    const { fields, image } = await readEventForm(request, createEventSchema);
    const data = await createEvent(writer(request), fields, image);
    return reply.status(201).send({ code: 201, message: 'Event created successfully', data });
  });

  const update = async (request: FastifyRequest) => {
    const { id } = eventIdParamsSchema.parse(request.params);
    const { fields, image } = await readEventForm(request, updateEventSchema);
    const data = await updateEvent(writer(request), id, fields, image);
    if (fields.published === true) app.delivery.wake();
    return { code: 200, data };
  };
  app.patch(ONE, { schema: params }, update);
  app.post(ONE, { schema: params }, update);

  app.patch(PUBLISH, { schema: params }, async (request) => {
    const { id } = eventIdParamsSchema.parse(request.params);
    const data = await publish(writer(request), id);
    app.delivery.wake();
    return { code: 200, data };
  });

  app.delete(ONE, { schema: params }, async (request) => {
    const { id } = eventIdParamsSchema.parse(request.params);
    await deleteEvent(writer(request), id);
    return { code: 200, message: 'Event deleted', data: { _id: id } };
  });

  app.post(AI_SOURCE, { schema: { ...params, body: aiEventSchema } }, async (request) => {
    const { id } = eventIdParamsSchema.parse(request.params);
    return { code: 200, data: await setAiSource(writer(request), id, aiEventSchema.parse(request.body)) };
  });

  registerEventCorrection(app);
}
