import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { S3_KEY, type S3Peer, startS3Peer } from '../../../test/peers/s3';
import { deploySection } from './deploy';
import { DistRefused } from './dist';
import { livePointerSchema } from './layout';
import { readPointer, readRecords } from './records';
import { RollbackRefused, rollbackSection } from './rollback';
import { type SectionBucket, sectionBucket } from './section-bucket';

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const SHELL = 'https://notify.example.sg';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Worked out here, apart from the code under test. */
const sha8 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex').slice(0, 8);
const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  woff2: 'font/woff2',
  gz: 'application/gzip',
};

/** An object as a browser gets it: unsigned, its bytes as sent (not decoded). */
function browserGet(
  url: string,
  method = 'GET',
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The bytes a browser ends up with: brotli undone where the object says it is brotli. */
const decoded = (answer: { headers: Record<string, unknown>; body: Buffer }) =>
  answer.headers['content-encoding'] === 'br' ? brotliDecompressSync(answer.body) : answer.body;

interface Fixture {
  dir: string;
  /** The files a deploy uploads, by their path in dist/, and each one's key in the bucket. */
  keys: Map<string, string>;
}

/**
 * A small built remote, as rspack.base.ts and scripts/precompress.mjs leave one: build.json, the manifest and the
 * entry (unhashed), hashed chunks with .br and .gz beside the larger ones, a source map, a font, an ocr-<hex>/ folder
 * with a .gz file of its own, and mf-stats.json.
 */
function makeDist(root: string, label: string, chunks: Record<string, string>, container = 'remote_fixture'): Fixture {
  const dir = mkdtempSync(join(root, 'dist-'));
  const keys = new Map<string, string>();
  const write = (path: string, bytes: Buffer | string, siblings = false) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), bytes);
    if (siblings) {
      writeFileSync(join(dir, `${path}.br`), brotliCompressSync(bytes));
      writeFileSync(join(dir, `${path}.gz`), gzipSync(bytes));
    }
  };
  const hashedNames: string[] = [];
  for (const [name, code] of Object.entries(chunks)) {
    const file = `${name}.${sha8(code)}.js`;
    write(file, code, code.length > 40);
    write(`${file}.map`, JSON.stringify({ version: 3, file, sources: [name] }));
    hashedNames.push(file, `${file}.map`);
  }
  const font = Buffer.from('wOF2 the same font in every build');
  write(`assets/tamil.${sha8(font)}.woff2`, font);
  const ocr = 'ocr-0a1b2c3d';
  write(`${ocr}/worker.min.js`, `/* the OCR worker */ ${'w'.repeat(60)}`, true);
  write(`${ocr}/lang/eng.traineddata.gz`, gzipSync('language data'));
  hashedNames.push(`assets/tamil.${sha8(font)}.woff2`, `${ocr}/worker.min.js`, `${ocr}/lang/eng.traineddata.gz`);
  for (const name of hashedNames) keys.set(name, `files/${name}`);

  const entry = `var remote_fixture; /* ${label} */ ${Object.keys(chunks).join(',')} ${'e'.repeat(60)}`;
  write('remoteEntry.js', entry, true);
  write('remoteEntry.js.map', '{"version":3}');
  keys.set('remoteEntry.js', `files/remoteEntry.${sha8(entry)}.js`);
  const manifest = {
    id: container,
    name: container,
    metaData: { name: container, publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [{ name: 'Section', assets: { js: { sync: hashedNames.filter((n) => n.endsWith('.js')) } } }],
  };
  write('mf-manifest.json', JSON.stringify(manifest), true);
  write('mf-stats.json', JSON.stringify({ stats: label }), true);
  write('build.json', JSON.stringify({ label, builtAt: '2026-11-29T10:00:00.000Z' }));
  return { dir, keys };
}

const CHUNKS = {
  main: 'export const main = "the section, unchanged between builds";',
  list: 'export const list = "the list page, unchanged between builds";',
  form: 'export const form = "the form, first version";',
};

describe('a section deployed to its own bucket', () => {
  let peer: S3Peer;
  const root = mkdtempSync(join(tmpdir(), 'un-section-builds-'));
  const buckets: SectionBucket[] = [];
  /** The section's bucket under its own folder, so each test starts from an empty one. */
  const bucketAt = (folder: string, url = () => peer.url) => {
    const bucket = sectionBucket(`${url()}/${folder}/`, 'us-east-1');
    buckets.push(bucket);
    return bucket;
  };
  let clock = Date.parse('2026-11-29T10:00:00Z');
  /** Each deploy a second after the one before: build ids are to the second. */
  const nextSecond = () => {
    clock += 1000;
    return new Date(clock);
  };
  /** A deploy; its prune takes any file no kept build names, however recent (as an hour later would). */
  const deploy = (bucket: SectionBucket, dist: string, keep?: number) =>
    deploySection(bucket, { dist, deployedBy: 'aisha', shellOrigin: SHELL, keep, now: nextSecond, pruneGraceMs: 0 });

  before(async () => {
    peer = await startS3Peer('sections', { publicRead: true });
  });
  after(async () => {
    for (const bucket of buckets) bucket.close();
    await peer.close();
    rmSync(root, { recursive: true, force: true });
  });

  test('every file goes under files/ immutable, brotli where the build made it, and current.json names the manifest', async () => {
    const fixture = makeDist(root, 'fixture 1', CHUNKS);
    const report = await deploy(bucketAt('first'), fixture.dir);
    assert.equal(report.uploaded.count, fixture.keys.size + 1); // and the manifest
    assert.equal(report.alreadyThere.count, 0);
    assert.deepEqual(report.notUploaded, ['mf-stats.json', 'remoteEntry.js.map']);
    assert.equal(report.pointerUrl, `${peer.publicUrl}first/current.json`);

    for (const [path, key] of fixture.keys) {
      const answer = await browserGet(`${peer.publicUrl}first/${key}`);
      assert.equal(answer.status, 200, key);
      assert.equal(answer.headers['cache-control'], IMMUTABLE, key);
      assert.equal(answer.headers['content-type'], TYPES[path.split('.').pop() ?? ''], key);
      const brotli = existsSync(join(fixture.dir, `${path}.br`));
      assert.equal(answer.headers['content-encoding'], brotli ? 'br' : undefined, key);
      assert.deepEqual(decoded(answer), readFileSync(join(fixture.dir, path)), key);
    }

    const pointerAnswer = await browserGet(report.pointerUrl);
    assert.equal(pointerAnswer.headers['cache-control'], 'no-cache');
    assert.match(String(pointerAnswer.headers['content-type']), /^application\/json/);
    const pointer = livePointerSchema.parse(JSON.parse(pointerAnswer.body.toString('utf8')));
    const manifestAnswer = await browserGet(`${peer.publicUrl}first/${pointer.manifest}`);
    assert.equal(manifestAnswer.headers['cache-control'], IMMUTABLE);
    assert.equal(manifestAnswer.headers['content-encoding'], 'br');
    const manifestBytes = decoded(manifestAnswer);
    assert.equal(pointer.manifest, `files/mf-manifest.${sha8(manifestBytes)}.json`);
    assert.equal(pointer.build, `20261129T100001Z-${sha8(manifestBytes)}`);
    assert.deepEqual(
      { label: pointer.label, by: pointer.by, since: pointer.since },
      { label: 'fixture 1', by: 'aisha', since: '2026-11-29T10:00:01.000Z' },
    );
    // The manifest names the renamed entry, and nothing else in it changed.
    const original = JSON.parse(readFileSync(join(fixture.dir, 'mf-manifest.json'), 'utf8'));
    original.metaData.remoteEntry.name = fixture.keys.get('remoteEntry.js')?.replace('files/', '');
    assert.deepEqual(JSON.parse(manifestBytes.toString('utf8')), original);

    // Nothing that is build-time only went up.
    for (const name of ['files/mf-stats.json', 'files/remoteEntry.js', 'files/build.json', 'files/remoteEntry.js.map'])
      assert.equal((await browserGet(`${peer.publicUrl}first/${name}`, 'HEAD')).status, 404, name);

    // The shell's page may read it (CORS), and reading is all that anyone may do unsigned.
    const preflight = await browserGet(`${peer.publicUrl}first/${pointer.manifest}`, 'OPTIONS', {
      origin: SHELL,
      'access-control-request-method': 'GET',
    });
    assert.equal(preflight.status, 200);
    assert.ok(preflight.headers['access-control-allow-origin'], 'a preflight from the shell is allowed');
    const fromShell = await browserGet(`${peer.publicUrl}first/${pointer.manifest}`, 'GET', { origin: SHELL });
    assert.equal(fromShell.headers['access-control-allow-origin'], SHELL);
    assert.equal(report.cors.set, true);
    assert.equal((await browserGet(`${peer.publicUrl}first/current.json`, 'PUT')).status, 403);
    assert.equal((await browserGet(`${peer.publicUrl}first/current.json`, 'DELETE')).status, 403);
    assert.equal((await browserGet(`${peer.publicUrl}?list-type=2`)).status, 403);
  });

  test('a changed build uploads only what changed; rollback goes to the build before, or to a named one', async () => {
    const bucket = bucketAt('second');
    const first = await deploy(bucket, makeDist(root, 'fixture A', CHUNKS).dir);
    const changed = makeDist(root, 'fixture B', { ...CHUNKS, form: 'export const form = "the form, changed";' });
    const second = await deploy(bucket, changed.dir);
    // The changed chunk, its map, the entry that names it and the manifest; the rest were there.
    assert.equal(second.uploaded.count, 4);
    assert.equal(second.alreadyThere.count, changed.keys.size + 1 - 4);
    assert.equal(second.previous, first.build);

    const [newest, oldest] = await readRecords(bucket);
    assert.deepEqual([newest?.build, oldest?.build], [second.build, first.build]);
    const unchanged = `files/main.${sha8(CHUNKS.main)}.js`;
    assert.ok(
      newest?.files.includes(unchanged) && oldest?.files.includes(unchanged),
      'an unchanged chunk keeps its key',
    );
    const formB = `files/form.${sha8('export const form = "the form, changed";')}.js`;
    assert.deepEqual(
      newest?.files.filter((key) => !oldest?.files.includes(key)),
      [
        formB,
        `${formB}.map`,
        second.manifest,
        `files/remoteEntry.${sha8(readFileSync(join(changed.dir, 'remoteEntry.js')))}.js`,
      ].sort(),
    );
    assert.deepEqual(
      second.uploaded.keys,
      newest?.files.filter((key) => !oldest?.files.includes(key)),
    );

    const back = await rollbackSection(bucket, { by: 'bilal', now: () => new Date('2026-11-29T11:00:00Z') });
    assert.deepEqual(back.to, {
      build: first.build,
      label: 'fixture A',
      manifest: first.manifest,
      since: '2026-11-29T11:00:00.000Z',
      by: 'bilal',
    });
    const served = JSON.parse((await browserGet(`${peer.publicUrl}second/current.json`)).body.toString('utf8'));
    assert.equal(served.build, first.build);
    await assert.rejects(rollbackSection(bucket, { by: 'bilal' }), RollbackRefused);

    await rollbackSection(bucket, { target: second.build, by: 'bilal' });
    assert.equal((await readPointer(bucket))?.build, second.build);
    await assert.rejects(
      rollbackSection(bucket, { target: '20260101T000000Z-00000000', by: 'bilal' }),
      (error: Error) =>
        error instanceof RollbackRefused && error.message.includes(first.build) && error.message.includes(second.build),
    );
  });

  test('a deploy refused halfway leaves current.json naming the live build; the next one uploads the rest', async () => {
    const bucket = bucketAt('halfway');
    const first = await deploy(bucket, makeDist(root, 'fixture A', CHUNKS).dir);
    const changed = makeDist(root, 'fixture B', { ...CHUNKS, list: 'export const list = "changed";' });
    peer.refusePutsAfter(1);
    try {
      await assert.rejects(deploy(bucket, changed.dir), { name: 'AccessDenied' });
    } finally {
      peer.refusePutsAfter(undefined);
    }
    assert.equal((await readPointer(bucket))?.build, first.build);
    assert.deepEqual(
      (await readRecords(bucket)).map((record) => record.build),
      [first.build],
    );
    const again = await deploy(bucket, changed.dir);
    assert.equal(again.uploaded.count, 3, 'the one file that went up before is not sent again');
    assert.equal((await readPointer(bucket))?.build, again.build);
  });

  test('--keep 2 removes the oldest build and only the files no kept build needs', async () => {
    const bucket = bucketAt('prune');
    const a = await deploy(bucket, makeDist(root, 'A', { ...CHUNKS, form: 'export const form = "A";' }).dir, 2);
    const b = await deploy(bucket, makeDist(root, 'B', { ...CHUNKS, form: 'export const form = "B";' }).dir, 2);
    const [recordA] = (await readRecords(bucket)).filter((record) => record.build === a.build);
    const c = await deploy(bucket, makeDist(root, 'C', { ...CHUNKS, form: 'export const form = "C";' }).dir, 2);
    assert.deepEqual(c.pruned.builds, [a.build]);
    assert.deepEqual(
      (await readRecords(bucket)).map((record) => record.build),
      [c.build, b.build],
    );
    const status = async (key: string) => (await browserGet(`${peer.publicUrl}prune/${key}`, 'HEAD')).status;
    const formA = `files/form.${sha8('export const form = "A";')}.js`;
    const onlyA = [formA, `${formA}.map`, a.manifest];
    for (const key of onlyA) assert.equal(await status(key), 404, key);
    assert.equal(c.pruned.files, 4, "A's chunk, its map, its entry and its manifest");
    const shared = recordA?.files.filter((key) => !onlyA.includes(key) && !key.startsWith('files/remoteEntry.')) ?? [];
    assert.ok(shared.length > 5);
    for (const key of [...shared, b.manifest, `files/form.${sha8('export const form = "B";')}.js`])
      assert.equal(await status(key), 200, key);
  });

  test('a file another deploy is uploading now survives a prune; an hour later it goes', async () => {
    const bucket = bucketAt('beside');
    const a = await deploy(bucket, makeDist(root, 'A', { ...CHUNKS, form: 'export const form = "A";' }).dir, 1);
    // Another volunteer's deploy of the section, mid-upload: its chunk is in, its build record not yet.
    const theirs = 'files/form.0123abcd.js';
    await bucket.put(theirs, Buffer.from('export const form = "theirs";'), {
      contentType: 'text/javascript',
      cacheControl: 'public, max-age=31536000, immutable',
    });
    const b = await deploySection(bucket, {
      dist: makeDist(root, 'B', { ...CHUNKS, form: 'export const form = "B";' }).dir,
      deployedBy: 'aisha',
      shellOrigin: SHELL,
      keep: 1,
      now: nextSecond,
    });
    assert.deepEqual(b.pruned, { builds: [a.build], files: 0 }, 'A’s record goes; files written this hour stay');
    const status = async (key: string) => (await browserGet(`${peer.publicUrl}beside/${key}`, 'HEAD')).status;
    assert.equal(await status(theirs), 200);
    assert.equal(await status(a.manifest), 200);
    const c = await deploy(bucket, makeDist(root, 'C', { ...CHUNKS, form: 'export const form = "C";' }).dir, 1);
    assert.ok(c.pruned.files >= 4, `${c.pruned.files} files pruned`);
    assert.equal(await status(theirs), 404);
    assert.equal(await status(a.manifest), 404);
    assert.equal(await status(c.manifest), 200);
  });

  test('a build holding a file it cannot name by content is refused, with nothing uploaded', async () => {
    const bucket = bucketAt('stray');
    const fixture = makeDist(root, 'stray', CHUNKS);
    writeFileSync(join(fixture.dir, 'settings.js'), 'window.settings = {}');
    await assert.rejects(
      deploy(bucket, fixture.dir),
      (error: Error) => error instanceof DistRefused && error.message.includes('settings.js'),
    );
    const unbuilt = makeDist(root, 'no label', CHUNKS);
    rmSync(join(unbuilt.dir, 'build.json'));
    await assert.rejects(deploy(bucket, unbuilt.dir), /has no build\.json/);
    await assert.rejects(deploy(bucket, join(root, 'not-built')), /does not exist: build the section first/);
    assert.deepEqual(await bucket.list(''), []);
  });

  test('a wrong secret is refused as such, with nothing written', async () => {
    const wrong = bucketAt('wrong-key', () =>
      peer.url.replace(`${S3_KEY.accessKeyId}:${S3_KEY.secretAccessKey}@`, `${S3_KEY.accessKeyId}:not-the-secret@`),
    );
    await assert.rejects(deploy(wrong, makeDist(root, 'wrong', CHUNKS).dir), { name: 'SignatureDoesNotMatch' });
    assert.deepEqual(await bucketAt('wrong-key').list(''), []);
  });

  test('the events remote as built: its OCR folder is named by the copied files, and every file it loads is there', async () => {
    const dist = await eventsBuild(root);
    const bucket = bucketAt('events');
    const report = await deploySection(bucket, {
      dist,
      container: 'remote_events',
      deployedBy: 'aisha',
      shellOrigin: SHELL,
      now: nextSecond,
    });
    // The OCR folder's name, from the packages' own files.
    const require = createRequire(join(REPO, 'remote-events', 'package.json'));
    const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));
    const ocrSources = [
      join(packageDir('tesseract.js'), 'dist/worker.min.js'),
      ...[
        'tesseract-core-lstm.wasm.js',
        'tesseract-core-simd-lstm.wasm.js',
        'tesseract-core-relaxedsimd-lstm.wasm.js',
      ].map((file) => join(packageDir('tesseract.js-core'), file)),
      join(packageDir('@tesseract.js-data/eng'), '4.0.0_best_int/eng.traineddata.gz'),
    ];
    const hash = createHash('sha256');
    for (const file of ocrSources) hash.update(readFileSync(file));
    const ocr = `ocr-${hash.digest('hex').slice(0, 8)}`;
    assert.ok(readdirSync(dist).includes(ocr), `${ocr} in ${dist}`);

    const worker = await browserGet(`${peer.publicUrl}events/files/${ocr}/worker.min.js`);
    assert.equal(worker.headers['cache-control'], IMMUTABLE);
    assert.equal(worker.headers['content-type'], TYPES.js);
    assert.deepEqual(decoded(worker), readFileSync(ocrSources[0] as string));
    const language = await browserGet(`${peer.publicUrl}events/files/${ocr}/lang/eng.traineddata.gz`);
    assert.equal(language.headers['content-encoding'], undefined);
    assert.deepEqual(language.body, readFileSync(ocrSources[4] as string));

    const build = JSON.parse(readFileSync(join(dist, 'build.json'), 'utf8'));
    assert.equal(report.label, build.label);
    const manifest = JSON.parse(decoded(await browserGet(`${peer.publicUrl}events/${report.manifest}`)).toString());
    const entry = await browserGet(`${peer.publicUrl}events/files/${manifest.metaData.remoteEntry.name}`);
    assert.equal(entry.status, 200);
    assert.deepEqual(decoded(entry), readFileSync(join(dist, 'remoteEntry.js')));
    const assets = JSON.stringify(manifest.exposes).match(/[\w.-]+\.[0-9a-f]{8}\.(js|css)/g) ?? [];
    assert.ok(assets.length > 0);
    for (const asset of new Set(assets)) {
      assert.equal((await browserGet(`${peer.publicUrl}events/files/${asset}`, 'HEAD')).status, 200, asset);
    }
  });

  test('the npm scripts: exit 1 with the reason, or the deploy and the line to set on the API server', async () => {
    const fixture = makeDist(root, 'from npm', CHUNKS, 'remote_events');
    const env = { PUBLIC_URL: SHELL, DEPLOYED_BY: 'yusuf', REMOTE_EVENTS_BUCKET: `${peer.url}/cli/` };
    const unknown = await npm(['deploy:remote', '--', 'lost-and-found'], env);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /Unknown section "lost-and-found": the sections are janaza, events, members, summary/);
    const unset = await npm(['deploy:remote', '--', 'events', '--dist', fixture.dir], {
      ...env,
      REMOTE_EVENTS_BUCKET: '',
    });
    assert.equal(unset.code, 1);
    assert.match(unset.stderr, /REMOTE_EVENTS_BUCKET is not set/);

    const another = await npm(
      ['deploy:remote', '--', 'events', '--dist', makeDist(root, 'janaza', CHUNKS, 'remote_janaza').dir],
      env,
    );
    assert.equal(another.code, 1);
    assert.match(another.stderr, /is the build of remote_janaza, not of remote_events/);
    const done = await npm(['deploy:remote', '--', 'events', '--dist', fixture.dir, '--keep', '3'], env);
    assert.equal(done.code, 0, done.stderr);
    assert.match(done.stdout, /Uploaded 11 files/);
    assert.ok(done.stdout.includes(`REMOTE_EVENTS_URL=${peer.publicUrl}cli/current.json`), done.stdout);
    assert.ok(!done.stdout.includes(S3_KEY.secretAccessKey), 'no credentials printed');

    const listed = await npm(['builds:remote', '--', 'events'], env);
    assert.equal(listed.code, 0, listed.stderr);
    assert.match(listed.stdout, /^\d{8}T\d{6}Z-[0-9a-f]{8} {2}from npm {2}\S+ {2}yusuf {2}\* live$/m);
    const noEarlier = await npm(['rollback:remote', '--', 'events'], env);
    assert.equal(noEarlier.code, 1);
    assert.match(noEarlier.stderr, /No build deployed before the live one/);
  });
});

/** `npm run <script>` at the repository's root, with `env` over this process's environment. */
function npm(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', ...args], { cwd: REPO, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (data) => {
      stdout += data;
    });
    child.stderr.on('data', (data) => {
      stderr += data;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** remote-events/dist when it is built; else the events remote built here into a folder of its own. */
async function eventsBuild(root: string): Promise<string> {
  const built = join(REPO, 'remote-events', 'dist');
  if (existsSync(join(built, 'build.json')) && existsSync(join(built, 'mf-manifest.json'))) {
    const copy = join(root, 'events-dist');
    cpSync(built, copy, { recursive: true });
    return copy;
  }
  const out = join(root, 'events-built');
  const run = (command: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const child = spawn(command, args, { cwd: join(REPO, 'remote-events'), stdio: 'inherit' });
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')}: ${code}`)),
      );
    });
  await run('npx', ['rspack', 'build', '--mode', 'production', '--output-path', out]);
  await run(process.execPath, [join(REPO, 'scripts', 'precompress.mjs'), out]);
  return out;
}
