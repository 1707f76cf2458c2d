import { createHash } from 'node:crypto';
import { FEED_ANCHOR, FEED_API, mapLink, noticeLink } from '@ummahnotify/core';
import { catalogues, feedResponseSchema, fillIn } from '@ummahnotify/domain';
import { messages } from '@ummahnotify/domain/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { janazaWhenAndPlace } from '../../delivery/messages';
import { HttpError } from '../../web/errors';
import { hasEtag, sendImage } from '../uploads/send';
import { type CalendarEvent, calendarFile } from './ics';
import { publicFeed, publicImageOwner, publicNotice, publishedEvent } from './store';

/** FEED_API.janazaIcs(id) and eventIcs(id) end in `<id>.ics`; the route takes the whole file name. */
const ICS_ROUTES = { janaza: '/api/public/feed/janaza/:file', events: '/api/public/feed/events/:file' } as const;
const fileParams = z.object({ file: z.string().max(200) });
const imageParams = z.object({ id: z.string().max(100) });
/** A janaza .ics reads in English, or in Tamil with ?lang=ta (the feed card links the reader's language). */
const icsQuery = z.object({ lang: z.enum(['en', 'ta']).default('en') });
const NOT_FOUND_ITEM = 'This notice or event is not in the public feed.';
const NOT_FOUND_IMAGE = 'That image does not exist.';
/**
 * A notice's public files can turn private (or be withdrawn) at any moment: a shared cache may keep them but
 * asks each time (the ETag makes that a 304), so a notice made private is gone at once. An event's keep
 * 5 minutes. What is not public is kept nowhere. docs/decisions/2026-11-26-private-notices-private-to-the-end.md
 */
const CACHE = {
  janaza: 'public, max-age=0, must-revalidate',
  events: 'public, max-age=300',
  notPublic: 'no-store',
} as const;

/** `<id>.ics` -> id; anything else is not a calendar file of ours. */
function idOf(file: string): string {
  const match = /^([A-Za-z0-9_-]{1,100})\.ics$/.exec(file);
  if (!match) throw new HttpError(404, NOT_FOUND_ITEM);
  return match[1];
}

/** The public feed (no session): upcoming public notices and published events, their .ics files and images. */
export async function registerFeed(app: FastifyInstance): Promise<void> {
  const { db, config, images } = app;
  const host = new URL(config.publicUrl).host;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(FEED_API.feed, { schema: { response: { 200: feedResponseSchema } }, config: { access: 'public' } }, async () =>
    publicFeed(db),
  );

  const sendCalendar = (
    request: FastifyRequest,
    reply: FastifyReply,
    { id, kind, event }: { id: string; kind: keyof typeof CACHE; event: CalendarEvent },
  ) => {
    // Of what the file says, not of the file: its DTSTAMP is the time of each answer.
    const etag = `"${createHash('sha256').update(JSON.stringify(event)).digest('base64url').slice(0, 27)}"`;
    reply.header('Cache-Control', CACHE[kind]).header('ETag', etag);
    if (hasEtag(request, etag)) return reply.status(304).send();
    return reply
      .header('Content-Type', 'text/calendar; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${id}.ics"`)
      .send(calendarFile(event));
  };

  r.get(
    ICS_ROUTES.janaza,
    { schema: { params: fileParams, querystring: icsQuery }, config: { access: 'public' } },
    async (request, reply) => {
      reply.header('Cache-Control', CACHE.notPublic);
      const id = idOf(request.params.file);
      const { lang } = request.query;
      const notice = await publicNotice(db, id);
      if (!notice) throw new HttpError(404, NOT_FOUND_ITEM);
      // DTSTART is the (computed) time; the texts say it as people do: "..., after Asar (about 4:08 pm)".
      const { when, place } = janazaWhenAndPlace(notice, lang);
      const summary = fillIn(catalogues.prayer[lang].icsSummary, { name: notice.name });
      const cancelled = notice.withdrawn_at !== null;
      const event = {
        uid: `${FEED_ANCHOR.janaza(id)}@${host}`,
        start: notice.due_date,
        duration: 'PT1H',
        summary: cancelled ? fillIn(messages[lang]['message.cancelledTitle'], { title: summary }) : summary,
        location: place,
        description: [
          when,
          place,
          notice.postal ? fillIn(messages[lang]['message.map'], { url: mapLink(notice.postal) }) : '',
          notice.note.trim(),
        ]
          .filter(Boolean)
          .join('\n'),
        url: `${config.publicUrl}${noticeLink(id, lang)}`,
        sequence: notice.revision,
        cancelled,
      };
      return sendCalendar(request, reply, { id, kind: 'janaza', event });
    },
  );

  r.get(ICS_ROUTES.events, { schema: { params: fileParams }, config: { access: 'public' } }, async (request, reply) => {
    const id = idOf(request.params.file);
    const event = await publishedEvent(db, id);
    if (!event) throw new HttpError(404, NOT_FOUND_ITEM);
    const cancelled = event.withdrawn_at !== null;
    const calendar = {
      uid: `${FEED_ANCHOR.event(id)}@${host}`,
      start: event.date_time,
      duration: 'PT2H',
      summary: cancelled ? fillIn(messages.en['message.cancelledTitle'], { title: event.heading }) : event.heading,
      location: event.address,
      description: [event.sub_heading, event.content].filter((s) => s.trim()).join('\n\n'),
      url: event.link || `${config.publicUrl}/#${FEED_ANCHOR.event(id)}`,
      sequence: event.revision,
      cancelled,
    };
    return sendCalendar(request, reply, { id, kind: 'events', event: calendar });
  });

  r.get(
    FEED_API.image(':id'),
    { schema: { params: imageParams }, config: { access: 'public' } },
    async (request, reply) => {
      const { id } = request.params;
      reply.header('Cache-Control', CACHE.notPublic);
      // Like idOf: a name no upload can have (a NUL, which PostgreSQL refuses in text: a 500) is simply not found.
      const owner = /^[A-Za-z0-9_-]{1,100}$/.test(id) ? await publicImageOwner(db, id) : null;
      if (!owner) throw new HttpError(404, NOT_FOUND_IMAGE);
      return sendImage(request, reply, {
        bytes: await images.read(db, id, 'full'),
        etag: `${id}-full`,
        cacheControl: CACHE[owner],
        notFound: NOT_FOUND_IMAGE,
      });
    },
  );
}
