import { SERVICE_TYPES, type ServiceType } from '@ummahnotify/core';
import { type AiEvent, aiEventSchema, type EventJson } from '@ummahnotify/domain';
import type { Selectable } from 'kysely';
import type { EventsTable } from '../../db/schema';
import { imageUrl, thumbnailUrl } from '../uploads/store';

export type EventRow = Selectable<EventsTable>;

const serviceType = (v: string): ServiceType =>
  (SERVICE_TYPES as readonly string[]).includes(v) ? (v as ServiceType) : 'general';

function aiSource(text: string | null): AiEvent | null {
  if (!text) return null;
  try {
    const parsed = aiEventSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A row as the API answers it: docs/product/data.md field names, booleans as booleans, the image as its staff URL. */
export function toEvent(row: EventRow): EventJson {
  return {
    _id: row.id,
    heading: row.heading,
    headingTa: row.heading_ta,
    subHeading: row.sub_heading,
    subHeadingTa: row.sub_heading_ta,
    content: row.content,
    contentTa: row.content_ta,
    address: row.address,
    addressTa: row.address_ta,
    registration: row.registration === 1,
    serviceType: serviceType(row.service_type),
    dateTime: row.date_time,
    published: row.published === 1,
    publishedAt: row.published_at,
    link: row.link,
    image: row.image_id ? imageUrl(row.image_id) : null,
    imageThumb: row.image_id ? thumbnailUrl(row.image_id) : null,
    aiSource: aiSource(row.ai_source),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    withdrawnAt: row.withdrawn_at ?? null,
    withdrawnReason: row.withdrawn_reason ?? '',
  };
}

/** What the audit log keeps of an event: its fields, without the (large) AI source. */
export function eventForAudit(row: EventRow): Omit<EventJson, 'aiSource'> {
  const { aiSource: _ignored, ...rest } = toEvent(row);
  return rest;
}
