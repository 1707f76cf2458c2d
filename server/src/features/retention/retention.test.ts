import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PERSONAL_DATA_REMOVED } from '@ummahnotify/core';
import { DELIVERY_API, type DeliveryStatusResponse, JANAZA_PATHS } from '@ummahnotify/domain';
import { client } from '../../../test/support/client';
import { engines } from '../../../test/support/databases';
import { images } from '../../../test/support/images';
import { startInstances, type TestInstances } from '../../../test/support/instances';
import { newJanazaRow } from '../../../test/support/janaza-rows';
import { startTestServer, type TestServer } from '../../../test/support/server';
import { type CookieJar, signIn } from '../../../test/support/sign-in';
import { eventually, insertMasjid, staffJar } from '../../../test/support/staff';
import { newSubscriber } from '../../../test/support/subscriber-rows';
import { RETENTION_JOB } from './job';

const DAY = 24 * 60 * 60_000;
type Reply = { data?: { _id: string; imageUrl: string | null }; message?: string };

/**
 * Makes the retention job due now and runs the due jobs of every app given, at once; then waits until
 * the run is over (an instance's own timer may have taken it first). Returns which app ran it.
 */
async function runRetentionNow(apps: TestServer['app'][]): Promise<boolean[]> {
  const db = apps[0].db;
  const start = new Date().toISOString();
  await db.updateTable('job_runs').set({ next_run_at: start }).where('name', '=', RETENTION_JOB).execute();
  const ran = await Promise.all(apps.map((app) => app.jobs.runDue()));
  await eventually(async () => {
    const row = await db.selectFrom('job_runs').selectAll().where('name', '=', RETENTION_JOB).executeTakeFirst();
    return row?.holder === null && row.next_run_at > start;
  });
  return ran.map((names) => names.includes(RETENTION_JOB));
}

for (const engine of engines()) {
  describe(`retention of personal data (${engine})`, () => {
    let server: TestServer;
    let admin: CookieJar;
    let masjid: string;

    /** A notice made through the API, with a photo, approved, then edited (so the audit log holds copies). */
    const notice = async (name: string, dueDaysAgo: number) => {
      const form = new FormData();
      for (const [k, v] of Object.entries({
        provider: masjid,
        name,
        age: '77',
        postal: '198833',
        dueDate: new Date(Date.now() - dueDaysAgo * DAY).toISOString(),
        note: `Family of ${name} at Blk 5 Bedok North`,
        address: 'Masjid Sultan',
        status: 'approved',
      }))
        form.append(k, v);
      form.append('image', new Blob([new Uint8Array(await images.jpeg(320, 240))], { type: 'image/jpeg' }), 'p.jpg');
      const res = await fetch(`${server.url}${JANAZA_PATHS.notices}`, {
        method: 'POST',
        headers: { cookie: admin.header(), origin: server.url },
        body: form,
      });
      assert.equal(res.status, 201, await res.clone().text());
      const created = ((await res.json()) as Reply).data as { _id: string; imageUrl: string };
      const edit = await client(server.url, admin).patch<Reply>(`${JANAZA_PATHS.notices}/${created._id}`, {
        note: `Burial at Choa Chu Kang; ask for ${name}'s son`,
      });
      assert.equal(edit.status, 200, JSON.stringify(edit.body));
      return created;
    };
    const auditText = async (id: string) =>
      (await server.app.db.selectFrom('audit_log').select(['before', 'after']).where('entity_id', '=', id).execute())
        .map((r) => `${r.before ?? ''} ${r.after ?? ''}`)
        .join('\n');
    const statusOf = async (id: string) => {
      const res = await client(server.url, admin).get<DeliveryStatusResponse>(
        `${DELIVERY_API.status}?kind=janaza&ids=${id}`,
      );
      return res.body.items[id];
    };

    before(async () => {
      server = await startTestServer(engine);
      admin = await staffJar(server, 'admin@retention.example.sg', 'admin');
      masjid = await insertMasjid(server.app.db);
      await server.app.db
        .insertInto('subscribers')
        .values(newSubscriber({ channel: 'email', address: 'reader@example.sg' }))
        .execute();
    });
    after(async () => server?.stop());

    test('30 days after its due date a notice loses name, photo, age and note, in the audit log too; row, status and counts stay', async () => {
      const old = await notice('Haji Rahmat bin Kassim', 31);
      const recent = await notice('Hajjah Siti binte Omar', 29);
      const photo = old.imageUrl;
      const photoId = photo.split('/').at(-1) as string;
      assert.equal((await fetch(`${server.url}${photo}`, { headers: { cookie: admin.header() } })).status, 200);
      assert.match(await auditText(old._id), /Haji Rahmat bin Kassim/);
      // Its deliveries (expired: its time has passed) are counted before and after.
      await eventually(async () => (await statusOf(old._id))?.[0]?.expanded === true);
      const countsBefore = (await statusOf(old._id))[0].channels;
      const summaryBefore = await client(server.url, await staffJar(server, 'root@example.sg', 'superadmin')).get<{
        data: [{ janazah: { total: number } }];
      }>('/api/v1/admin/dashboard/summary');

      await runRetentionNow([server.app]);

      const row = await server.app.db
        .selectFrom('janaza_notices')
        .selectAll()
        .where('id', '=', old._id)
        .executeTakeFirstOrThrow();
      assert.equal(row.name, PERSONAL_DATA_REMOVED);
      assert.equal(Number(row.age), 0);
      assert.equal(row.note, '');
      assert.equal(row.image_id, null);
      assert.ok(row.personal_data_removed_at);
      assert.equal(row.status, 'approved');
      assert.equal(row.postal, '198833');
      // the photo and its thumbnail are gone from storage
      assert.equal(
        (await server.app.db.selectFrom('uploads').select('id').where('id', '=', photoId).execute()).length,
        0,
      );
      for (const url of [photo, `${photo}/thumb`])
        assert.equal((await fetch(`${server.url}${url}`, { headers: { cookie: admin.header() } })).status, 404, url);
      // the audit log's copies: no name, no note, no photo link, no age
      const copies = await auditText(old._id);
      assert.doesNotMatch(copies, /Rahmat|Kassim|Bedok|Choa Chu Kang/);
      assert.doesNotMatch(copies, new RegExp(photoId));
      assert.doesNotMatch(copies, /"age":77/);
      assert.match(copies, /"name":"\[removed\]"/);
      // the API answers the marker, the row stays in the list, the counts stay
      const list = await client(server.url, admin).get<{ data: { _id: string; name: string; status: string }[] }>(
        JANAZA_PATHS.notices,
      );
      const listed = list.body.data.find((n) => n._id === old._id);
      assert.deepEqual([listed?.name, listed?.status], [PERSONAL_DATA_REMOVED, 'approved']);
      assert.deepEqual((await statusOf(old._id))[0].channels, countsBefore);
      const summaryAfter = await client(server.url, await staffJar(server, 'root@example.sg', 'superadmin')).get<{
        data: [{ janazah: { total: number } }];
      }>('/api/v1/admin/dashboard/summary');
      assert.equal(summaryAfter.body.data[0].janazah.total, summaryBefore.body.data[0].janazah.total);

      // a notice due 29 days ago keeps everything
      const kept = await server.app.db
        .selectFrom('janaza_notices')
        .selectAll()
        .where('id', '=', recent._id)
        .executeTakeFirstOrThrow();
      assert.deepEqual(
        [kept.name, Number(kept.age), kept.personal_data_removed_at],
        ['Hajjah Siti binte Omar', 77, null],
      );
      assert.ok(kept.image_id);
      assert.match(await auditText(recent._id), /Hajjah Siti binte Omar/);

      // the run is in the audit log (the activity log's retention runs), with what it removed
      const runs = await server.app.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'retention.run')
        .execute();
      assert.equal(runs.length, 1);
      assert.deepEqual(JSON.parse(runs[0].after ?? '{}'), { notices: 1, photos: 1, retentionDays: 30 });
      assert.equal(runs[0].actor_id, null);
    });

    test('runs again without changing anything (idempotent)', async () => {
      const snapshot = async () => ({
        notices: await server.app.db.selectFrom('janaza_notices').selectAll().orderBy('id').execute(),
        audit: await server.app.db.selectFrom('audit_log').selectAll().orderBy('id').execute(),
      });
      const before = await snapshot();
      await runRetentionNow([server.app]);
      assert.deepEqual(await snapshot(), before);
    });
  });

  // Several instances share PostgreSQL; a SQLite deployment runs one (docs/architecture.md). Two apps in one
  // test process on one SQLite file block each other's transactions (the driver waits synchronously).
  describe(`retention with two instances (${engine})`, {
    skip: engine === 'sqlite' && 'several instances share PostgreSQL; a SQLite deployment runs one',
  }, () => {
    let instances: TestInstances;
    before(async () => {
      instances = await startInstances(engine, 2);
    });
    after(async () => instances?.stop());

    test('the job runs on one instance only: one run, one audit row', async () => {
      const db = instances.apps[0].db;
      // the start-up run (nothing to remove yet) is over before the test's own
      await eventually(async () => {
        const row = await db.selectFrom('job_runs').selectAll().where('name', '=', RETENTION_JOB).executeTakeFirst();
        return row !== undefined && row.holder === null && row.next_run_at > new Date().toISOString();
      });
      const { jar } = await signIn(instances.urls[0], { email: 'root@example.sg' });
      assert.ok(jar);
      const masjid = await insertMasjid(db);
      for (const [i, name] of ['Ahmad bin Ali', 'Zainab binte Hassan', 'Osman bin Said'].entries()) {
        await db
          .insertInto('janaza_notices')
          .values(
            newJanazaRow({
              id: `00000000-0000-4000-8000-00000000000${i}`,
              provider_id: masjid,
              provider_name: 'Masjid Sultan',
              provider_contact: '62934405',
              name,
              age: 60 + i,
              postal: '198833',
              due_date: new Date(Date.now() - (40 + i) * DAY).toISOString(),
              note: 'private note',
              personal_data_removed_at: null,
            }),
          )
          .execute();
      }
      const ran = await runRetentionNow(instances.apps);
      // Both looked at once: at most one took it (none when an instance's own timer was quicker).
      assert.ok(ran.filter(Boolean).length <= 1, JSON.stringify(ran));
      const runs = await db.selectFrom('audit_log').select('after').where('action', '=', 'retention.run').execute();
      assert.equal(runs.length, 1);
      assert.equal(JSON.parse(runs[0].after ?? '{}').notices, 3);
      const names = await db.selectFrom('janaza_notices').select('name').execute();
      assert.ok(names.every((n) => n.name === PERSONAL_DATA_REMOVED));
    });
  });
}
