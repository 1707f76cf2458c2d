import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { connectTo, engines, freshDatabase, type TestDatabase } from '../../../test/support/databases';
import { images } from '../../../test/support/images';
import type { Db } from '../../db/connect';
import { migrateToLatest } from '../../db/migrate';
import { processImage } from './image';
import { importUploadFiles, legacyUploadsDir } from './import-files';
import { imageStore } from './store';

const quiet = { info: () => {} };
const store = imageStore();

for (const engine of engines()) {
  describe(`images kept as files by an earlier version move into the database (${engine})`, () => {
    let database: TestDatabase;
    let db: Db;
    after(async () => {
      await db?.destroy();
      await database?.drop();
    });

    test('once, at start: the bytes are served from the database and the folder is set aside', async () => {
      database = await freshDatabase(engine);
      db = connectTo(database);
      await migrateToLatest(db);
      const image = await processImage(await images.jpeg(300, 200));
      // A row as the file-based version wrote it: saved, with its bytes in two files instead of the row.
      const id = await store.save(db, image, null);
      await db.updateTable('uploads').set({ full_image: null, thumb_image: null }).where('id', '=', id).execute();
      const dir = legacyUploadsDir(database.dataDir);
      mkdirSync(dir);
      writeFileSync(join(dir, `${id}.jpg`), image.full);
      writeFileSync(join(dir, `${id}.thumb.jpg`), image.thumb);
      assert.equal(await store.read(db, id, 'full'), undefined);

      await importUploadFiles(db, store, database.dataDir, quiet);
      assert.ok((await store.read(db, id, 'full'))?.equals(image.full));
      assert.ok((await store.read(db, id, 'thumb'))?.equals(image.thumb));
      assert.ok(!existsSync(dir), 'the folder is not read again');
      const setAside = readdirSync(database.dataDir).filter((name) => name.startsWith('uploads.imported-'));
      assert.equal(setAside.length, 1, 'nothing is deleted');
      await importUploadFiles(db, store, database.dataDir, quiet);
    });
  });
}
