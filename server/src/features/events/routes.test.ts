import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { EventJson } from '@ummahnotify/domain';
import sharp from 'sharp';
import { engines } from '../../../test/support/databases';
import { images } from '../../../test/support/images';
import { startTestServer, type TestServer } from '../../../test/support/server';
import { type CookieJar, signIn } from '../../../test/support/sign-in';

const EVENTS = '/api/v1/admin/events';
const valid = {
  heading: 'Youth Iftar Gathering',
  headingTa: 'இளைஞர் இஃப்தார் ஒன்றுகூடல்',
  subHeading: 'Break fast together',
  content: 'Dinner is provided.',
  address: '41 Dunlop Street, Singapore 209369',
  registration: true,
  dateTime: '2026-12-05T19:30:00+08:00',
};

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field in the tests
  body: any;
}

function form(fields: Record<string, string>, file?: { bytes: Buffer; name: string; type: string }): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  if (file) data.append('image', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return data;
}

for (const engine of engines()) {
  describe(`events API (${engine})`, () => {
    let server: TestServer;
    let editor: CookieJar;
    let member: CookieJar;

    const call = async (
      method: string,
      path: string,
      jar: CookieJar | undefined,
      payload?: unknown,
    ): Promise<Answer> => {
      const headers: Record<string, string> = jar ? { cookie: jar.header(), origin: server.url } : {};
      let body: BodyInit | undefined;
      if (payload instanceof FormData) body = payload;
      else if (payload !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(payload);
      }
      const res = await fetch(`${server.url}${path}`, { method, headers, body });
      return { status: res.status, body: await res.json().catch(() => null) };
    };
    const count = async (table: 'events' | 'audit_log' | 'uploads') =>
      Number(
        (
          await server.app.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const create = async (overrides: Record<string, unknown> = {}) => {
      const res = await call('POST', EVENTS, editor, { ...valid, ...overrides });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      return res.body.data as EventJson;
    };

    before(async () => {
      server = await startTestServer(engine);
      ({ jar: editor } = await signIn(server.url, { email: 'kavitha@example.sg' }));
      await server.app.db
        .updateTable('users')
        .set({ rights: 'editor' })
        .where('email', '=', 'kavitha@example.sg')
        .execute();
      ({ jar: member } = await signIn(server.url, { email: 'yusuf@example.sg' }));
    });
    after(async () => server.stop());

    test('create with JSON answers 201 with the event, unpublished, general by default, and audits it', async () => {
      const auditBefore = await count('audit_log');
      const res = await call('POST', EVENTS, editor, { ...valid, published: true });
      assert.equal(res.status, 201);
      assert.equal(res.body.code, 201);
      const event = res.body.data as EventJson;
      assert.match(event._id, /^[0-9a-f-]{36}$/);
      assert.equal(event.heading, valid.heading);
      assert.equal(event.headingTa, valid.headingTa);
      assert.equal(event.subHeadingTa, '');
      assert.equal(event.registration, true);
      assert.equal(event.published, false, 'an event is never published on creation');
      assert.equal(event.serviceType, 'general');
      assert.equal(event.dateTime, '2026-12-05T11:30:00.000Z');
      assert.equal(event.image, null);
      assert.equal(await count('audit_log'), auditBefore + 1);
      const entry = await server.app.db
        .selectFrom('audit_log')
        .selectAll()
        .where('entity_id', '=', event._id)
        .executeTakeFirstOrThrow();
      assert.equal(entry.action, 'event.created');
      assert.equal(entry.entity, 'event');
    });

    test('create with form data and a PNG poster stores a re-encoded JPEG the staff can fetch', async () => {
      const png = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#1b4332' } })
        .png()
        .toBuffer();
      const res = await call(
        'POST',
        EVENTS,
        editor,
        form(
          { ...valid, registration: 'false', serviceType: 'religious', link: 'https://example.sg/e' },
          { bytes: png, name: 'poster.png', type: 'image/png' },
        ),
      );
      assert.equal(res.status, 201, JSON.stringify(res.body));
      const event = res.body.data as EventJson;
      assert.equal(event.registration, false);
      assert.equal(event.serviceType, 'religious');
      assert.equal(event.link, 'https://example.sg/e');
      assert.match(event.image ?? '', /^\/api\/v1\/uploads\/[0-9a-f-]{36}$/);
      const image = await fetch(`${server.url}${event.image}`, { headers: { cookie: editor.header() } });
      assert.equal(image.status, 200);
      assert.equal(image.headers.get('content-type'), 'image/jpeg');
      assert.equal((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).format, 'jpeg');
    });

    test('a date and time without an offset is Singapore time', async () => {
      const event = await create({ dateTime: '2026-12-31T20:00' });
      assert.equal(event.dateTime, '2026-12-31T12:00:00.000Z');
    });

    const refusals: [string, Record<string, unknown>, string, RegExp][] = [
      ['no Tamil heading', { headingTa: '' }, 'headingTa', /Enter the heading in Tamil/],
      ['a blank English heading', { heading: '   ' }, 'heading', /Enter the heading in English/],
      ['no date', { dateTime: undefined }, 'dateTime', /Choose the date and time/],
      ['a date that is not one', { dateTime: 'next Friday' }, 'dateTime', /not valid/],
      ['an unknown service type', { serviceType: 'party' }, 'serviceType', /service types/],
      ['a link that is not http(s)', { link: 'javascript:alert(1)' }, 'link', /http:\/\/ or https:\/\//],
      ...['\r\nATTACH:https://evil.example/x', '\t', '\u0000', '\u007f', '\u0085'].map(
        (c): [string, Record<string, unknown>, string, RegExp] => [
          `a link with the control character U+${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
          { link: `https://example.sg/a${c}b` },
          'link',
          /http:\/\/ or https:\/\//,
        ],
      ),
      ['registration that is not a boolean', { registration: 'maybe' }, 'registration', /ticked/],
    ];
    for (const [what, overrides, path, message] of refusals) {
      test(`create with ${what} is refused with a clear 400 and writes nothing`, async () => {
        const before = [await count('events'), await count('audit_log')];
        const res = await call('POST', EVENTS, editor, { ...valid, ...overrides });
        assert.equal(res.status, 400);
        assert.equal(res.body.code, 400);
        assert.match(res.body.message, message);
        assert.ok(
          res.body.errors.some((e: { path: string }) => e.path === path),
          JSON.stringify(res.body.errors),
        );
        assert.deepEqual([await count('events'), await count('audit_log')], before);
      });
    }

    test('the same rules hold for form data: no Tamil heading is refused', async () => {
      const before = await count('events');
      const { headingTa: _omit, ...rest } = valid;
      const res = await call('POST', EVENTS, editor, form({ ...rest, registration: 'true' }));
      assert.equal(res.status, 400);
      assert.equal(res.body.errors[0].path, 'headingTa');
      assert.equal(await count('events'), before);
    });

    test('a poster that is not an image is refused and no file or row is written', async () => {
      const before = [await count('events'), await count('uploads')];
      const res = await call(
        'POST',
        EVENTS,
        editor,
        form(
          { ...valid, registration: 'true' },
          { bytes: await images.textRenamedJpg(), name: 'poster.jpg', type: 'image/jpeg' },
        ),
      );
      assert.equal(res.status, 400);
      assert.match(res.body.message, /not a JPEG, PNG or WebP image/);
      assert.deepEqual([await count('events'), await count('uploads')], before);
    });

    test('the list answers code 200 with an events array; q, status, limit and cursor narrow it', async () => {
      const first = await create({ heading: 'Blood Donation Drive', dateTime: '2027-01-10T10:00:00+08:00' });
      await create({ heading: 'Tafsir Class', dateTime: '2027-01-11T20:00:00+08:00' });
      const all = await call('GET', EVENTS, editor);
      assert.equal(all.status, 200);
      assert.equal(all.body.code, 200);
      assert.ok(Array.isArray(all.body.events));
      assert.equal(all.body.events.length, await count('events'));
      assert.equal(all.body.nextCursor, null);
      const dates = all.body.events.map((e: EventJson) => e.dateTime);
      assert.deepEqual(dates, [...dates].sort().reverse(), 'latest first');

      const found = await call('GET', `${EVENTS}?q=${encodeURIComponent('blood DONATION')}`, editor);
      assert.deepEqual(
        found.body.events.map((e: EventJson) => e._id),
        [first._id],
      );
      const tamil = await call('GET', `${EVENTS}?q=${encodeURIComponent('இஃப்தார்')}`, editor);
      assert.ok(tamil.body.events.length >= 1);
      assert.equal(
        (await call('GET', `${EVENTS}?q=${encodeURIComponent('100%')}`, editor)).body.events.length,
        0,
        '% is matched literally',
      );

      const pages: string[] = [];
      let cursor: string | null = null;
      do {
        const page: Answer = await call('GET', `${EVENTS}?limit=2${cursor ? `&cursor=${cursor}` : ''}`, editor);
        assert.ok(page.body.events.length <= 2);
        pages.push(...page.body.events.map((e: EventJson) => e._id));
        cursor = page.body.nextCursor;
      } while (cursor);
      assert.deepEqual(
        pages,
        all.body.events.map((e: EventJson) => e._id),
      );

      await call('PATCH', `${EVENTS}/publish/${first._id}`, editor);
      const published = await call('GET', `${EVENTS}?status=published`, editor);
      assert.ok(published.body.events.every((e: EventJson) => e.published));
      assert.ok(published.body.events.some((e: EventJson) => e._id === first._id));
      const drafts = await call('GET', `${EVENTS}?status=draft`, editor);
      assert.ok(drafts.body.events.every((e: EventJson) => !e.published));

      assert.equal((await call('GET', `${EVENTS}?limit=0`, editor)).status, 400);
      assert.equal((await call('GET', `${EVENTS}?cursor=nonsense`, editor)).status, 400);
    });

    test('PATCH changes only the fields sent, answers the event as data, and audits before and after', async () => {
      const event = await create();
      const res = await call('PATCH', `${EVENTS}/${event._id}`, editor, {
        link: 'https://example.sg/more',
        dateTime: '2026-12-06T19:30:00+08:00',
      });
      assert.equal(res.status, 200);
      assert.equal(res.body.code, 200);
      assert.equal(res.body.data._id, event._id);
      assert.equal(res.body.data.link, 'https://example.sg/more');
      assert.equal(res.body.data.dateTime, '2026-12-06T11:30:00.000Z');
      assert.equal(res.body.data.heading, valid.heading);
      const entry = await server.app.db
        .selectFrom('audit_log')
        .selectAll()
        .where('entity_id', '=', event._id)
        .where('action', '=', 'event.updated')
        .executeTakeFirstOrThrow();
      assert.equal(JSON.parse(entry.before ?? '{}').link, '');
      assert.equal(JSON.parse(entry.after ?? '{}').link, 'https://example.sg/more');
    });

    test('PATCH with a bad value is refused and changes nothing', async () => {
      const event = await create();
      for (const bad of [{ headingTa: '' }, { serviceType: 'party' }, { dateTime: '' }, { link: 'ftp://example.sg' }]) {
        const res = await call('PATCH', `${EVENTS}/${event._id}`, editor, { heading: 'Changed', ...bad });
        assert.equal(res.status, 400, JSON.stringify(bad));
      }
      const list = await call('GET', EVENTS, editor);
      assert.equal(list.body.events.find((e: EventJson) => e._id === event._id).heading, valid.heading);
    });

    test('POST /events/{id} with form data updates, and a new poster replaces the old one', async () => {
      const event = await create();
      const first = await call(
        'POST',
        `${EVENTS}/${event._id}`,
        editor,
        form({ subHeading: 'Now with dinner' }, { bytes: await images.jpeg(), name: 'a.jpg', type: 'image/jpeg' }),
      );
      assert.equal(first.status, 200, JSON.stringify(first.body));
      assert.equal(first.body.data.subHeading, 'Now with dinner');
      const oldImage = first.body.data.image as string;
      const second = await call(
        'PATCH',
        `${EVENTS}/${event._id}`,
        editor,
        form({}, { bytes: await images.webp(), name: 'b.webp', type: 'image/webp' }),
      );
      assert.equal(second.status, 200);
      assert.notEqual(second.body.data.image, oldImage);
      assert.equal(
        (await fetch(`${server.url}${oldImage}`, { headers: { cookie: editor.header() } })).status,
        404,
        'the old poster is gone',
      );
      assert.equal(
        (await fetch(`${server.url}${second.body.data.image}`, { headers: { cookie: editor.header() } })).status,
        200,
      );
    });

    test('publishing: the publish path and Publish now both publish once, and both are audited once', async () => {
      const a = await create();
      const published = await call('PATCH', `${EVENTS}/publish/${a._id}`, editor);
      assert.equal(published.status, 200);
      assert.equal(published.body.data.published, true);
      assert.ok(published.body.data.publishedAt);
      const again = await call('PATCH', `${EVENTS}/publish/${a._id}`, editor);
      assert.equal(again.body.data.publishedAt, published.body.data.publishedAt, 'publishing twice changes nothing');

      const b = await create();
      const viaEdit = await call('PATCH', `${EVENTS}/${b._id}`, editor, { published: true });
      assert.equal(viaEdit.body.data.published, true);
      const viaForm = await call('POST', `${EVENTS}/${b._id}`, editor, form({ published: 'true' }));
      assert.equal(viaForm.body.data.publishedAt, viaEdit.body.data.publishedAt);

      const publishes = await server.app.db
        .selectFrom('audit_log')
        .select('entity_id')
        .where('action', '=', 'event.published')
        .execute();
      assert.equal(publishes.filter((p) => p.entity_id === a._id).length, 1);
      assert.equal(publishes.filter((p) => p.entity_id === b._id).length, 1);

      const unpublished = await call('PATCH', `${EVENTS}/${b._id}`, editor, { published: false });
      assert.equal(unpublished.body.data.published, false);
      assert.equal(unpublished.body.data.publishedAt, null);
    });

    test('the AI answer is kept as the draft source; a malformed one is refused', async () => {
      const event = await create();
      const ai = {
        heading: 'Youth Iftar',
        headingTa: 'இளைஞர் இஃப்தார்',
        content: { details: 'Dinner provided.', detailsTa: 'இரவு உணவு வழங்கப்படும்.' },
        address: 'Dunlop Street',
      };
      const res = await call('POST', `/api/v1/admin/ummahnotify/ai-event/${event._id}`, editor, ai);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual(res.body.data.aiSource.content, ai.content);
      assert.equal(res.body.data.aiSource.subHeading, '');
      const row = await server.app.db
        .selectFrom('events')
        .select('ai_source')
        .where('id', '=', event._id)
        .executeTakeFirstOrThrow();
      assert.equal(JSON.parse(row.ai_source ?? '{}').headingTa, ai.headingTa);
      assert.equal(res.body.data.heading, valid.heading, 'the event itself is not changed');

      const bad = await call('POST', `/api/v1/admin/ummahnotify/ai-event/${event._id}`, editor, {
        heading: { nested: true },
      });
      assert.equal(bad.status, 400);
      const missing = await call(
        'POST',
        '/api/v1/admin/ummahnotify/ai-event/00000000-0000-4000-8000-000000000000',
        editor,
        ai,
      );
      assert.equal(missing.status, 404);
    });

    test('DELETE removes the event and its poster, answers 200, and is audited; a second delete is 404', async () => {
      const png = await images.png();
      const created = await call(
        'POST',
        EVENTS,
        editor,
        form({ ...valid, registration: 'true' }, { bytes: png, name: 'p.png', type: 'image/png' }),
      );
      const event = created.body.data as EventJson;
      const uploadsBefore = await count('uploads');
      const res = await call('DELETE', `${EVENTS}/${event._id}`, editor);
      assert.equal(res.status, 200);
      assert.equal(res.body.code, 200);
      assert.equal(await count('uploads'), uploadsBefore - 1, 'the poster (with its thumbnail) is removed');
      const list = await call('GET', EVENTS, editor);
      assert.ok(!list.body.events.some((e: EventJson) => e._id === event._id));
      const entry = await server.app.db
        .selectFrom('audit_log')
        .selectAll()
        .where('entity_id', '=', event._id)
        .where('action', '=', 'event.deleted')
        .executeTakeFirst();
      assert.ok(entry?.before);
      assert.equal((await call('DELETE', `${EVENTS}/${event._id}`, editor)).status, 404);
    });

    test('unknown and malformed ids: 404 and 400', async () => {
      assert.equal(
        (await call('PATCH', `${EVENTS}/00000000-0000-4000-8000-000000000000`, editor, { heading: 'x' })).status,
        404,
      );
      assert.equal((await call('PATCH', `${EVENTS}/publish/00000000-0000-4000-8000-000000000000`, editor)).status, 404);
      assert.equal((await call('PATCH', `${EVENTS}/not-an-id`, editor, { heading: 'x' })).status, 400);
    });

    test('a signed-in account without staff rights is refused (403) and anonymous callers get 401', async () => {
      const before = await count('events');
      assert.equal((await call('POST', EVENTS, member, valid)).status, 403);
      assert.equal((await call('GET', EVENTS, member)).status, 403);
      assert.equal((await call('POST', EVENTS, undefined, valid)).status, 401);
      assert.equal(await count('events'), before);
    });

    test('the OpenAPI document still builds with the event routes', async () => {
      const res = await fetch(`${server.url}/api/docs`);
      assert.equal(res.status, 200);
      const doc = (await res.json()) as { paths: Record<string, unknown> };
      assert.ok(doc.paths['/api/v1/admin/events']);
    });
  });
}
