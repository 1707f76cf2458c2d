import { FEED_API } from '@ummahnotify/core';
import {
  type FeedEvent,
  type FeedJanaza,
  type FeedResponse,
  feedEventSchema,
  feedJanazaSchema,
} from '@ummahnotify/domain';
import type { Db } from '../../db/connect';
import { type EventRow, toEvent } from '../events/json';
import { type JanazaRow, toNotice } from '../janaza/json';

/** An item stays in the feed until 3 hours after its time. */
const GRACE_MS = 3 * 60 * 60 * 1000;
const FEED_LIMIT = 100;
const cutoff = () => new Date(Date.now() - GRACE_MS).toISOString();

/**
 * The public side of a notice and an event: each feature's own mapping of its row, cut down by the feed's
 * schemas to the fields the public sees (zod drops the others), with the public image and calendar links.
 */
export function toFeedJanaza(row: JanazaRow): FeedJanaza {
  const imageUrl = row.image_id ? FEED_API.image(row.image_id) : null;
  return feedJanazaSchema.parse({
    ...toNotice(row),
    imageUrl,
    icsUrl: FEED_API.janazaIcs(row.id),
    cancelled: row.withdrawn_at !== null,
  });
}

export function toFeedEvent(row: EventRow): FeedEvent {
  const imageUrl = row.image_id ? FEED_API.image(row.image_id) : null;
  return feedEventSchema.parse({
    ...toEvent(row),
    imageUrl,
    icsUrl: FEED_API.eventIcs(row.id),
    cancelled: row.withdrawn_at !== null,
  });
}

/** Approved, non-private notices whose prayer is still ahead (or under 3 hours past), soonest first. */
export async function upcomingJanaza(db: Db): Promise<JanazaRow[]> {
  return db
    .selectFrom('janaza_notices')
    .selectAll()
    .where('status', '=', 'approved')
    .where('is_privacy', '=', 0)
    .where('due_date', '>=', cutoff())
    .orderBy('due_date', 'asc')
    .orderBy('id', 'asc')
    .limit(FEED_LIMIT)
    .execute();
}

export async function upcomingEvents(db: Db): Promise<EventRow[]> {
  return db
    .selectFrom('events')
    .selectAll()
    .where('published', '=', 1)
    .where('date_time', '>=', cutoff())
    .orderBy('date_time', 'asc')
    .orderBy('id', 'asc')
    .limit(FEED_LIMIT)
    .execute();
}

/**
 * The public feed (FEED_API.feed, and the landing page the server draws it in): upcoming public notices and
 * published events, as the public sees them.
 */
export async function publicFeed(db: Db): Promise<FeedResponse> {
  const [janaza, events] = await Promise.all([upcomingJanaza(db), upcomingEvents(db)]);
  return { janaza: janaza.map(toFeedJanaza), events: events.map(toFeedEvent) };
}

/** A notice the public may see (approved, not private), whatever its date. */
export async function publicNotice(db: Db, id: string): Promise<JanazaRow | undefined> {
  return db
    .selectFrom('janaza_notices')
    .selectAll()
    .where('id', '=', id)
    .where('status', '=', 'approved')
    .where('is_privacy', '=', 0)
    .executeTakeFirst();
}

export async function publishedEvent(db: Db, id: string): Promise<EventRow | undefined> {
  return db.selectFrom('events').selectAll().where('id', '=', id).where('published', '=', 1).executeTakeFirst();
}

/** Whose image the upload is, when the public may see it: a public notice's, or a published event's. */
export async function publicImageOwner(db: Db, uploadId: string): Promise<'janaza' | 'events' | undefined> {
  const notice = await db
    .selectFrom('janaza_notices')
    .select('id')
    .where('image_id', '=', uploadId)
    .where('status', '=', 'approved')
    .where('is_privacy', '=', 0)
    .executeTakeFirst();
  if (notice) return 'janaza';
  const event = await db
    .selectFrom('events')
    .select('id')
    .where('image_id', '=', uploadId)
    .where('published', '=', 1)
    .executeTakeFirst();
  return event ? 'events' : undefined;
}
