import { randomUUID } from 'node:crypto';
import {
  type AiEvent,
  type CreateEvent,
  catalogues,
  type EventJson,
  type EventListQuery,
  type UpdateEvent,
} from '@ummahnotify/domain';
import type { Kysely, Transaction, Updateable } from 'kysely';
import { audit } from '../../audit';
import type { Db } from '../../db/connect';
import { containsAny } from '../../db/contains';
import { afterCursor, page } from '../../db/keyset';
import type { Database, EventsTable } from '../../db/schema';
import { enqueueBroadcast } from '../../delivery/outbox';
import { HttpError } from '../../web/errors';
import type { ProcessedImage } from '../uploads/image';
import type { ImageStore } from '../uploads/store';
import { type EventRow, eventForAudit, toEvent } from './json';

type Tx = Transaction<Database>;
type Reader = Kysely<Database> | Tx;

const notFound = () => new HttpError(404, catalogues.events.en['server.notFound']);

/** A withdrawn event is final (rules.md#event): no edit, publishing or correction; it can still be deleted. */
export function refuseWithdrawn(row: Pick<EventRow, 'withdrawn_at'>): void {
  if (row.withdrawn_at) throw new HttpError(409, catalogues.events.en['error.withdrawnLocked']);
}

/** Latest date first. Without `limit` the full list (docs/architecture.md#api-conventions). */
export async function listEvents(
  db: Db,
  query: EventListQuery,
): Promise<{ events: EventJson[]; nextCursor: string | null }> {
  let select = db.selectFrom('events').selectAll();
  if (query.status) select = select.where('published', '=', query.status === 'published' ? 1 : 0);
  if (query.q) select = select.where(containsAny(['heading', 'heading_ta', 'sub_heading', 'sub_heading_ta'], query.q));
  if (query.cursor) select = select.where(afterCursor(query.cursor, { at: 'date_time', id: 'id' }));
  select = select.orderBy('date_time', 'desc').orderBy('id', 'desc');
  if (query.limit) select = select.limit(query.limit + 1);
  const { rows, nextCursor } = page(await select.execute(), query.limit, (r) => ({ at: r.date_time, id: r.id }));
  return { events: rows.map(toEvent), nextCursor };
}

async function rowFor(db: Reader, id: string): Promise<EventRow> {
  const row = await db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

function columnsFor(fields: UpdateEvent): Updateable<EventsTable> {
  const columns: Updateable<EventsTable> = {};
  if (fields.heading !== undefined) columns.heading = fields.heading;
  if (fields.headingTa !== undefined) columns.heading_ta = fields.headingTa;
  if (fields.subHeading !== undefined) columns.sub_heading = fields.subHeading;
  if (fields.subHeadingTa !== undefined) columns.sub_heading_ta = fields.subHeadingTa;
  if (fields.content !== undefined) columns.content = fields.content;
  if (fields.contentTa !== undefined) columns.content_ta = fields.contentTa;
  if (fields.address !== undefined) columns.address = fields.address;
  if (fields.addressTa !== undefined) columns.address_ta = fields.addressTa;
  if (fields.registration !== undefined) columns.registration = fields.registration ? 1 : 0;
  if (fields.serviceType !== undefined) columns.service_type = fields.serviceType;
  if (fields.dateTime !== undefined) columns.date_time = fields.dateTime;
  if (fields.link !== undefined) columns.link = fields.link;
  return columns;
}

export interface Writer {
  db: Db;
  images: ImageStore;
  actorId: string;
}

/** A new event, never published (docs/product/data.md), with its poster when one was sent. */
export async function createEvent(
  { db, images, actorId }: Writer,
  fields: CreateEvent,
  image: ProcessedImage | undefined,
): Promise<EventJson> {
  const row = await db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const imageId = image ? await images.save(trx, image, actorId) : null;
    const id = randomUUID();
    await trx
      .insertInto('events')
      .values({
        id,
        heading: fields.heading,
        heading_ta: fields.headingTa,
        sub_heading: fields.subHeading,
        sub_heading_ta: fields.subHeadingTa,
        content: fields.content,
        content_ta: fields.contentTa,
        address: fields.address,
        address_ta: fields.addressTa,
        registration: fields.registration ? 1 : 0,
        service_type: fields.serviceType,
        date_time: fields.dateTime,
        published: 0,
        published_at: null,
        link: fields.link,
        image_id: imageId,
        ai_source: null,
        created_by: actorId,
        updated_by: actorId,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const created = await rowFor(trx, id);
    await auditEvent(trx, actorId, 'event.created', id, { after: created });
    return created;
  });
  return toEvent(row);
}

/** One line of the activity log for an event, with the row before and after as the log keeps them. */
function auditEvent(
  trx: Tx,
  actorId: string,
  action: string,
  id: string,
  rows: { before?: EventRow; after?: EventRow },
) {
  return audit(trx, {
    actorId,
    action,
    entity: 'event',
    entityId: id,
    before: rows.before ? eventForAudit(rows.before) : undefined,
    after: rows.after ? eventForAudit(rows.after) : undefined,
  });
}

/**
 * THE one place an event becomes published, whichever route asked (PATCH /events/publish/{id} or an
 * edit with 'Publish now'). Runs inside the caller's transaction and writes the broadcast outbox row
 * in it. Publishing an event that is already published changes nothing and returns null; one that
 * was published, unpublished and published again finds its broadcast already written: it is never
 * announced twice.
 */
export async function publishEvent(trx: Tx, id: string, actorId: string): Promise<EventRow | null> {
  const before = await rowFor(trx, id);
  refuseWithdrawn(before);
  if (before.published === 1) return null;
  const now = new Date().toISOString();
  await trx
    .updateTable('events')
    .set({ published: 1, published_at: now, updated_by: actorId, updated_at: now })
    .where('id', '=', id)
    .execute();
  const after = await rowFor(trx, id);
  await auditEvent(trx, actorId, 'event.published', id, { before, after });
  await enqueueBroadcast(trx, 'events', id, actorId);
  return after;
}

async function unpublishEvent(trx: Tx, id: string, actorId: string): Promise<void> {
  const before = await rowFor(trx, id);
  if (before.published === 0) return;
  const now = new Date().toISOString();
  await trx
    .updateTable('events')
    .set({ published: 0, published_at: null, updated_by: actorId, updated_at: now })
    .where('id', '=', id)
    .execute();
  await auditEvent(trx, actorId, 'event.unpublished', id, { before, after: await rowFor(trx, id) });
}

/** Only the fields sent change; `published` goes through publishEvent; a new poster replaces the old one. */
export async function updateEvent(
  { db, images, actorId }: Writer,
  id: string,
  fields: UpdateEvent,
  image: ProcessedImage | undefined,
): Promise<EventJson> {
  const { row, replacedImageId } = await db.transaction().execute(async (trx) => {
    const before = await rowFor(trx, id);
    refuseWithdrawn(before);
    const columns = columnsFor(fields);
    const imageId = image ? await images.save(trx, image, actorId) : undefined;
    if (imageId) columns.image_id = imageId;
    if (Object.keys(columns).length > 0) {
      // Each edit raises the calendar file's SEQUENCE: a calendar that imported the event takes the new one.
      await trx
        .updateTable('events')
        .set((eb) => ({
          ...columns,
          updated_by: actorId,
          updated_at: new Date().toISOString(),
          revision: eb('revision', '+', 1),
        }))
        .where('id', '=', id)
        .execute();
      await auditEvent(trx, actorId, 'event.updated', id, { before, after: await rowFor(trx, id) });
    }
    if (fields.published === true) await publishEvent(trx, id, actorId);
    if (fields.published === false) await unpublishEvent(trx, id, actorId);
    return { row: await rowFor(trx, id), replacedImageId: imageId && before.image_id ? before.image_id : null };
  });
  // The old poster goes only once the new one is committed.
  if (replacedImageId) await images.remove(db, replacedImageId);
  return toEvent(row);
}

/** PATCH /events/publish/{id}: publishes (idempotent) and answers the event. */
export async function publish({ db, actorId }: Writer, id: string): Promise<EventJson> {
  const row = await db.transaction().execute(async (trx) => {
    await publishEvent(trx, id, actorId);
    return rowFor(trx, id);
  });
  return toEvent(row);
}

export async function deleteEvent({ db, images, actorId }: Writer, id: string): Promise<void> {
  const imageId = await db.transaction().execute(async (trx) => {
    const before = await rowFor(trx, id);
    await trx.deleteFrom('events').where('id', '=', id).execute();
    await auditEvent(trx, actorId, 'event.deleted', id, { before });
    return before.image_id;
  });
  if (imageId) await images.remove(db, imageId);
}

/** POST /ummahnotify/ai-event/{id}: keeps the pasted AI answer as the event's draft source. */
export async function setAiSource({ db, actorId }: Writer, id: string, ai: AiEvent): Promise<EventJson> {
  const row = await db.transaction().execute(async (trx) => {
    const before = await rowFor(trx, id);
    refuseWithdrawn(before);
    const now = new Date().toISOString();
    await trx
      .updateTable('events')
      .set({ ai_source: JSON.stringify(ai), updated_by: actorId, updated_at: now })
      .where('id', '=', id)
      .execute();
    await audit(trx, {
      actorId,
      action: 'event.ai-sourced',
      entity: 'event',
      entityId: id,
      before: before.ai_source ? JSON.parse(before.ai_source) : null,
      after: ai,
    });
    return rowFor(trx, id);
  });
  return toEvent(row);
}
