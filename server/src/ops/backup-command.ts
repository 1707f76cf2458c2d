// `npm run backup -- <file>` and `npm run restore -- <file>` (docs/operations.md), with the server's own
// environment (DATABASE_URL, DATA_DIR, S3_URL). A relative <file> is taken from where npm was run.
import { resolve } from 'node:path';
import { backupSettings } from '../config';
import { credentialsHidden } from '../url-credentials';
import { backupDatabase } from './backup';
import { restoreDatabase } from './restore';

const [verb, name] = process.argv.slice(2);
const usage = 'usage: npm run backup -- <file>   or   npm run restore -- <file>';

async function main(): Promise<void> {
  if ((verb !== 'backup' && verb !== 'restore') || !name) throw new Error(usage);
  const { database, s3Url, workingDir } = backupSettings();
  const file = resolve(workingDir, name);
  if (verb === 'backup') {
    const report = await backupDatabase(database, file, s3Url);
    console.log(
      `Backed up the ${report.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database to ${file} (${report.bytes} bytes).`,
    );
    if (report.objects) {
      console.log(
        `Images are in the bucket of S3_URL: ${report.objects.count} objects named in ${report.objects.listFile}; copy them off the machine too.`,
      );
    }
    return;
  }
  const report = await restoreDatabase(database, file);
  console.log(`Restored ${file} into the ${report.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database.`);
  console.log(
    `Delivery is PAUSED: ${report.waiting} messages were waiting in the copy. A superadmin sees them on the summary's channel card and resumes or discards them.`,
  );
}

main().catch((error: unknown) => {
  console.error(
    `${verb ?? 'backup'} failed: ${credentialsHidden(error instanceof Error ? error.message : String(error))}`,
  );
  process.exit(1);
});
