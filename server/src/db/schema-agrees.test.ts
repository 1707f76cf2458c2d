import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { sql } from 'kysely';
import ts from 'typescript';
import { engines, migratedDatabase } from '../../test/support/databases';
import type { Db } from './connect';

interface DeclaredColumn {
  nullable: boolean;
  kind: 'text' | 'number' | 'either';
}

/**
 * The tables schema.ts declares (the Database interface, then each table's interface), read with the
 * TypeScript compiler: column names, whether null is allowed, and text or number.
 */
function declaredTables(): Map<string, Map<string, DeclaredColumn>> {
  const file = join(import.meta.dirname, 'schema.ts');
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
  });
  const members = (node: ts.InterfaceDeclaration) =>
    node.members.filter(ts.isPropertySignature).map((p) => ({ name: p.name.getText(source), type: p.type }));
  const tables = new Map<string, Map<string, DeclaredColumn>>();
  for (const table of members(interfaces.get('Database') as ts.InterfaceDeclaration)) {
    const declaration = interfaces.get(table.type?.getText(source) ?? '');
    assert.ok(declaration, `schema.ts declares no interface ${table.type?.getText(source)}`);
    const columns = new Map<string, DeclaredColumn>();
    for (const column of members(declaration)) {
      // Generated<T> is T the database fills in.
      const text = (column.type?.getText(source) ?? '').replace(/^Generated<(.*)>$/, '$1');
      const parts = text.split('|').map((p) => p.trim());
      const text_ = parts.includes('string');
      const number = parts.includes('number');
      columns.set(column.name, {
        nullable: parts.includes('null'),
        kind: text_ && number ? 'either' : number ? 'number' : 'text',
      });
    }
    tables.set(table.name, columns);
  }
  return tables;
}

/** The primary key's columns on SQLite (where the quirk above applies); none needed on PostgreSQL. */
async function primaryKey(db: Db, engine: 'sqlite' | 'postgres', table: string): Promise<Set<string>> {
  if (engine !== 'sqlite') return new Set();
  const { rows } = await sql<{ name: string; pk: number }>`select name, pk from pragma_table_info(${table})`.execute(
    db,
  );
  return new Set(rows.filter((r) => r.pk > 0).map((r) => r.name));
}

const kindOf = (dataType: string): DeclaredColumn['kind'] =>
  /int|real|double|numeric|float|decimal/i.test(dataType) ? 'number' : 'text';

for (const engine of engines()) {
  describe(`db/schema.ts agrees with the migrated database (${engine})`, () => {
    const fresh = migratedDatabase(engine);

    test('the same tables and columns, null allowed where it is declared, text or number as declared', async () => {
      const declared = declaredTables();
      const actual = (await fresh.db.introspection.getTables()).filter((t) => !/^kysely_/.test(t.name));
      assert.deepEqual(
        actual.map((t) => t.name).sort(),
        [...declared.keys()].sort(),
        'tables: migrated (left) and declared (right)',
      );
      const differences: string[] = [];
      for (const table of actual) {
        const keys = await primaryKey(fresh.db, engine, table.name);
        const columns = declared.get(table.name) ?? new Map();
        const names = new Set(table.columns.map((c) => c.name));
        for (const name of columns.keys())
          if (!names.has(name)) differences.push(`${table.name}.${name}: not migrated`);
        for (const column of table.columns) {
          const want = columns.get(column.name);
          if (!want) {
            differences.push(`${table.name}.${column.name}: not declared`);
            continue;
          }
          // SQLite lets a primary key other than an integer one hold null unless the column says NOT NULL
          // (a documented quirk, https://www.sqlite.org/lang_createtable.html#the_primary_key); ids are never null here.
          const nullable = column.isNullable && !keys.has(column.name);
          if (want.nullable !== nullable)
            differences.push(
              `${table.name}.${column.name}: null ${nullable ? 'allowed' : 'refused'}, declared ${want.nullable ? 'nullable' : 'not null'}`,
            );
          const kind = kindOf(column.dataType);
          if (want.kind !== 'either' && want.kind !== kind)
            differences.push(`${table.name}.${column.name}: ${column.dataType}, declared ${want.kind}`);
        }
      }
      assert.deepEqual(differences, []);
    });
  });
}
