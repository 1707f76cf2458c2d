// `npm run deploy:remote -- <name> [--keep N]`, `npm run rollback:remote -- <name> [<build-id>]` and
// `npm run builds:remote -- <name>` (docs/adding-a-section.md): a section's builds in its own bucket,
// REMOTE_<NAME>_BUCKET (docs/decisions/2026-11-29-section-builds-in-their-bucket.md).
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { S3ServiceException } from '@aws-sdk/client-s3';
import { sectionBuildSettings } from '../../config';
import { credentialsHidden } from '../../url-credentials';
import { DEFAULT_KEEP, type DeployReport, deploySection } from './deploy';
import { POINTER_FILE } from './layout';
import { readPointer, readRecords } from './records';
import { rollbackSection } from './rollback';
import { sectionBucket } from './section-bucket';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const USAGE = [
  'usage: npm run deploy:remote -- <name> [--keep N] [--dist <folder>]',
  '       npm run rollback:remote -- <name> [<build-id>]',
  '       npm run builds:remote -- <name>',
].join('\n');

const [verb, ...args] = process.argv.slice(2);

/** `--flag value` out of the arguments; the rest are positional. */
function parse(list: string[]): { positional: string[]; flags: Map<string, string> } {
  const positional: string[] = [];
  const flags = new Map<string, string>();
  for (let i = 0; i < list.length; i++) {
    const arg = list[i] as string;
    if (!arg.startsWith('--')) positional.push(arg);
    else if (i + 1 < list.length) flags.set(arg, list[++i] as string);
    else throw new Error(`${arg} needs a value\n${USAGE}`);
  }
  return { positional, flags };
}

const bytes = (n: number) => `${n.toLocaleString('en')} bytes`;

function printDeploy(name: string, variable: string, report: DeployReport): void {
  console.log(`Deployed the ${name} section's build ${report.build} (${report.label}).`);
  console.log(
    `  Uploaded ${report.uploaded.count} files (${bytes(report.uploaded.bytes)}); ${report.alreadyThere.count} were already in the bucket (${bytes(report.alreadyThere.bytes)}).`,
  );
  for (const key of report.uploaded.keys) console.log(`    ${key}`);
  if (report.notUploaded.length) console.log(`  Not uploaded (build-time only): ${report.notUploaded.join(', ')}.`);
  console.log(
    `  ${POINTER_FILE} now names ${report.manifest}${report.previous ? ` (it named build ${report.previous})` : ''}.`,
  );
  if (report.pruned.builds.length || report.pruned.files) {
    console.log(
      `  Pruned ${report.pruned.builds.length} older builds (${report.pruned.builds.join(', ') || 'none'}) and ${report.pruned.files} files no kept build needs.`,
    );
  }
  if (report.cors.set) {
    console.log(`  The bucket's CORS rule lets ${report.cors.rule.AllowedOrigins?.join(', ')} read it (GET, HEAD).`);
  } else {
    console.log(
      "  This key may not set the bucket's CORS rule (AccessDenied): ask the bucket's owner to set this one, or the shell cannot load the section:",
    );
    console.log(JSON.stringify({ CORSRules: [report.cors.rule] }, null, 2));
  }
  console.log(`Set once on the API server (a deploy or rollback needs no restart after that):`);
  console.log(`  ${variable.replace(/_BUCKET$/, '_URL')}=${report.pointerUrl}`);
}

async function main(): Promise<void> {
  if (verb !== 'deploy' && verb !== 'rollback' && verb !== 'builds') throw new Error(USAGE);
  const { positional, flags } = parse(args);
  const [section, target] = positional;
  if (!section) throw new Error(USAGE);
  const settings = sectionBuildSettings(section);
  const bucket = sectionBucket(settings.bucketUrl, settings.region);
  try {
    if (verb === 'deploy') {
      const keep = Number(flags.get('--keep') ?? DEFAULT_KEEP);
      if (!Number.isInteger(keep) || keep < 1) throw new Error(`--keep must be a whole number of builds, 1 or more`);
      const given = flags.get('--dist');
      const dist = given ? resolve(settings.workingDir, given) : join(REPO_ROOT, `remote-${settings.name}`, 'dist');
      const report = await deploySection(bucket, {
        dist,
        container: `remote_${settings.name.replace(/-/g, '_')}`,
        deployedBy: settings.deployedBy,
        shellOrigin: settings.shellOrigin,
        keep,
      });
      printDeploy(settings.name, settings.variable, report);
    } else if (verb === 'rollback') {
      const { from, to } = await rollbackSection(bucket, { target, by: settings.deployedBy });
      console.log(
        `The ${settings.name} section's live build is now ${to.build} (${to.label}), since ${to.since}, by ${to.by}; it was ${from ?? 'none'}.`,
      );
    } else {
      const [live, records] = await Promise.all([readPointer(bucket), readRecords(bucket)]);
      if (records.length === 0) console.log(`No builds of the ${settings.name} section in its bucket yet.`);
      for (const record of records) {
        const mark = record.build === live?.build ? '* live' : '';
        console.log([record.build, record.label, record.deployedAt, record.deployedBy, mark].join('  ').trimEnd());
      }
    }
  } finally {
    bucket.close();
  }
}

/** The bucket's refusal of the key, said as such. */
function explained(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  if (error instanceof S3ServiceException && /SignatureDoesNotMatch|InvalidAccessKeyId|AccessDenied/.test(error.name)) {
    return `the bucket refused the key (${error.name}): ${text} Check the key and secret of REMOTE_<NAME>_BUCKET (or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY).`;
  }
  return text;
}

main().catch((error: unknown) => {
  console.error(`${verb ?? 'deploy'}:remote failed: ${credentialsHidden(explained(error))}`);
  process.exit(1);
});
