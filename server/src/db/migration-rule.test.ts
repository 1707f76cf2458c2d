import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { CONTRACTING, migrations, RULE_FROM } from '../../test/support/contractions';

/**
 * Expand, then contract one release later (docs/decisions/2026-11-29-expand-then-contract.md): while a rolling
 * upgrade runs, the earlier release's instances work on the new schema, so a migration never removes what the
 * release before it still reads or writes. A migration after RULE_FROM that drops or renames a column or table must
 * name it with "Contracts: table.column (unused since X.Y.Z)", X.Y.Z a release already out (in CHANGELOG.md, before
 * the current version). The upgrade test stops looking for exactly those columns in the earlier release's rows.
 */
const ROOT = join(import.meta.dirname, '../../..');
const current = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version as string;
const released = [...readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8').matchAll(/^## \[(\d+\.\d+\.\d+)\]/gm)].map(
  (m) => m[1],
);
const before = (a: string, b: string) => {
  const [x, y] = [a, b].map((v) => v.split('.').map(Number));
  for (let i = 0; i < 3; i++) if ((x?.[i] ?? 0) !== (y?.[i] ?? 0)) return (x?.[i] ?? 0) < (y?.[i] ?? 0);
  return false;
};

test('CHANGELOG.md has an entry for the current version', () => {
  assert.ok(released.includes(current), `CHANGELOG.md: no "## [${current}]" heading (${released.join(', ')})`);
});

test('a migration that drops or renames names what it contracts, unused since an earlier release', () => {
  const faults: string[] = [];
  for (const migration of migrations().filter((m) => m.number > RULE_FROM)) {
    const contracting = CONTRACTING.filter((pattern) => pattern.test(migration.up));
    if (contracting.length > 0 && migration.contracts.length === 0)
      faults.push(`${migration.name}: drops or renames (${contracting.join(', ')}) with no "Contracts:" line`);
    for (const { what, since } of migration.contracts) {
      if (!released.includes(since))
        faults.push(`${migration.name}: ${what} unused since ${since}, not in CHANGELOG.md`);
      else if (!before(since, current))
        faults.push(`${migration.name}: ${what} unused since ${since}, which is this release (${current}): one later`);
    }
  }
  assert.deepEqual(faults, []);
});

test('the check sees a drop: the migration that dropped subscribers.token in the release that stopped using it', () => {
  const old = migrations().find((m) => m.name === '2026-11-24-062-unsubscribe-token-hashes');
  assert.ok(old && CONTRACTING.some((pattern) => pattern.test(old.up)));
  assert.deepEqual(old.contracts, []);
});
