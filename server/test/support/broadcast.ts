import assert from 'node:assert/strict';
import type { Db } from '../../src/db/connect';
import { changeStatus, findNotice } from '../../src/features/janaza/store';
import { newJanazaRow } from './janaza-rows';
import { insertMasjid } from './staff';

/**
 * A janaza notice approved as staff's 'Notify Now!' does it (the status change and its outbox row in one
 * transaction): the server's engine broadcasts it to every subscriber. Returns the notice's id.
 */
export async function approveNewNotice(db: Db, name: string): Promise<string> {
  const provider = await insertMasjid(db);
  const row = newJanazaRow({
    provider_id: provider,
    provider_name: 'Masjid Sultan',
    provider_contact: '62934405',
    name,
    postal: '198833',
    due_date: '2030-05-01T06:30:00.000Z',
    address: 'Masjid Sultan',
    status: 'pending',
    status_changed_at: null,
  });
  await db.insertInto('janaza_notices').values(row).execute();
  await db.transaction().execute(async (trx) => {
    const notice = await findNotice(trx, row.id);
    assert.ok(notice);
    await changeStatus(trx, notice, 'approved', new Date().toISOString());
  });
  return row.id;
}

/** How many of the notice's deliveries are not sent yet (pending, sending or failed). */
export async function unsentOf(db: Db, noticeId: string): Promise<number> {
  const { n } = await db
    .selectFrom('deliveries')
    .innerJoin('outbox', 'outbox.id', 'deliveries.outbox_id')
    .select((eb) => eb.fn.countAll().as('n'))
    // this broadcast's deliveries only: the demo seed's sample history includes failed ones
    .where('outbox.item_id', '=', noticeId)
    .where('deliveries.state', '!=', 'sent')
    .executeTakeFirstOrThrow();
  return Number(n);
}
