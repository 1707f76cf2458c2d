// `npm run bucket:local`: an S3 server on this machine to try a section's deploy against (docs/adding-a-section.md,
// "Try it on your machine"): s3rver behind the same SigV4 check the tests use, the bucket `sections` readable by
// anyone as a public bucket is, at http://127.0.0.1:4569 (or the port given: `npm run bucket:local -- 4570`). Its
// objects live in a temporary folder and go when it stops (Ctrl-C). Not for production: any bucket provider is.
import { startS3Peer } from '../test/peers/s3';

const port = Number(process.argv[2] ?? 4569);
if (!Number.isInteger(port) || port < 1 || port > 65_535) {
  console.error(`Not a port: ${process.argv[2]}`);
  process.exit(1);
}
const bucket = await startS3Peer('sections', { publicRead: true, port });
console.log(`A local bucket "sections" at ${bucket.publicUrl} (readable by anyone; its key: S3RVER / S3RVER).`);
console.log('Deploy a section to it, e.g. the events section:');
console.log(`  export REMOTE_EVENTS_BUCKET=${bucket.url}/events/`);
console.log('Stop it with Ctrl-C: its objects are removed.');
const stop = async () => {
  await bucket.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
