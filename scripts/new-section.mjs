#!/usr/bin/env node
// `npm run new-section -- <name>`: a new dashboard section from scripts/section-template/ (remote-<name>/,
// shared/domain/src/<name>/ with its i18n namespace, server/src/features/<name>/), registered in the few places
// that name every section (REGISTRATIONS below). Everything is checked before anything is written, so a refusal
// leaves the repository as it was. docs/adding-a-section.md explains what comes out and what to do next.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const TEMPLATE = fileURLToPath(new URL('section-template', import.meta.url));
const KEBAB = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** The spellings of a name the template uses: lost-found, lostFound, LostFound, LOST_FOUND, "Lost found". */
export function spellings(name) {
  const words = name.split('-');
  const cap = (w) => w[0].toUpperCase() + w.slice(1);
  return {
    __name__: name,
    __nameCamel__: words[0] + words.slice(1).map(cap).join(''),
    __Name__: words.map(cap).join(''),
    __NAME__: words.map((w) => w.toUpperCase()).join('_'),
    __Title__: cap(words.join(' ')),
    __containerName__: `remote_${words.join('_')}`,
  };
}

const fill = (text, names) => Object.entries(names).reduce((t, [token, value]) => t.replaceAll(token, value), text);

/** An edit of a file that names every section: `edit(text)` returns the new text, or throws when its anchor is gone. */
function anchored(text, pattern, replace, file) {
  if (!pattern.test(text))
    throw new Error(`${file}: could not find ${pattern} to register the section; edit it by hand.`);
  return text.replace(pattern, replace);
}

/** The registration points: the lists of sections nothing can derive (docs/architecture.md: one section, one name). */
const REGISTRATIONS = [
  {
    file: 'package.json',
    why: 'the workspace (jest, dev, typecheck, federation kit and bench read it)',
    edit: (t, n) =>
      anchored(t, /("workspaces": \[[^\]]*?)(\n\s*)"server"/, `$1$2"remote-${n.__name__}",$2"server"`, 'package.json'),
  },
  {
    file: 'shared/core/src/paths.ts',
    why: 'REMOTE_NAMES (the server serves /remotes/<name>/ and reads REMOTE_<NAME>_URL from it)',
    edit: (t, n) =>
      anchored(t, /(export const REMOTE_NAMES = \[[^\]]*?)(,?\s*\] as const;)/, `$1, '${n.__name__}'$2`, 'paths.ts'),
  },
  {
    file: 'shared/domain/src/sections.ts',
    why: 'the section, its remote and who may open it (superadmin)',
    edit: (t, n) => {
      const keyed = anchored(t, /(export type SectionKey =[^;]*);/, `$1 | '${n.__name__}';`, 'sections.ts');
      const entry = `  {\n    key: '${n.__name__}',\n    remote: '${n.__name__}',\n    exposed: './${n.__Name__}Section',\n    tabs: [],\n    rights: ['superadmin'],\n  },\n`;
      return anchored(keyed, /(export const SECTIONS[^=]*= \[\n[\s\S]*?\n)(\];)/, `$1${entry}$2`, 'sections.ts');
    },
  },
  {
    file: 'shared/domain/src/index.ts',
    why: 'the domain module',
    edit: (t, n) => `${t.trimEnd()}\nexport * from './${n.__name__}';\n`,
  },
  {
    file: 'shared/domain/src/i18n/index.ts',
    why: 'the i18n namespace',
    edit: (t, n) => {
      const imported = `import { ${n.__nameCamel__} } from './${n.__name__}';\n${t}`;
      return anchored(
        imported,
        /(export const catalogues = \{[^}]*?)(\n\};)/,
        `$1\n  ${n.__nameCamel__},$2`,
        'i18n/index.ts',
      );
    },
  },
  {
    file: 'shared/domain/src/i18n/common.ts',
    why: "the sidebar's label, English and Tamil",
    edit: (t, n) => {
      let count = 0;
      const text = t.replace(/(\n\s*'section\.[^']+': '[^']*',)(?!\n\s*'section\.)/g, (run) => {
        count += 1;
        return `${run}\n    'section.${n.__name__}': '${count === 1 ? n.__Title__ : `${n.__Title__} (ta)`}',`;
      });
      if (count !== 2) throw new Error('i18n/common.ts: expected the section labels in English and in Tamil.');
      return text;
    },
  },
  {
    file: 'server/src/features/index.ts',
    why: "the server feature's routes",
    edit: (t, n) => {
      const imported = anchored(
        t,
        /(\nimport \{ register\w+ \} from '[^']+';)(?![\s\S]*\nimport \{ register)/,
        `$1\nimport { register${n.__Name__} } from './${n.__name__}/routes';`,
        'features/index.ts',
      );
      return anchored(
        imported,
        /(\n\s*await register\w+\(app\);)(?![\s\S]*await register)/,
        `$1\n  await register${n.__Name__}(app);`,
        'features/index.ts',
      );
    },
  },
  {
    file: 'shell/src/layout/sectionIcons.tsx',
    why: "the sidebar's icon",
    edit: (t, n) => {
      const imported = t.includes('AppstoreOutlined')
        ? t
        : anchored(
            t,
            /import \{([^}]*)\} from '@ant-design\/icons';/,
            "import {$1  AppstoreOutlined,\n} from '@ant-design/icons';",
            'sectionIcons.tsx',
          );
      return anchored(
        imported,
        /(SECTION_ICONS[^=]*= \{[\s\S]*?)(\n\};)/,
        `$1\n  '${n.__name__}': <AppstoreOutlined />,$2`,
        'sectionIcons.tsx',
      );
    },
  },
  {
    file: 'server/test/rights-matrix.test.ts',
    why: "who may call the new route and the remote's files, as the rights-matrix test expects it",
    edit: (t, n) =>
      anchored(
        t,
        /(const EXPECTED[^=]*= \{[\s\S]*?)(\n\};)/,
        `$1\n  'GET /api/v1/admin/${n.__name__}': SUPERADMIN_ONLY,\n  'GET /remotes/${n.__name__}/*': ANYONE,$2`,
        'rights-matrix.test.ts',
      ),
  },
  {
    file: 'bench/frontend/monolith/sections.ts',
    why: "the bench's one-build comparison",
    edit: (t, n) =>
      anchored(
        t,
        /(const SECTIONS\b[^\n]*\{\n[\s\S]*?)(\n\};)/,
        `$1\n  './${n.__Name__}Section': () => import('../../../remote-${n.__name__}/src/${n.__Name__}Section'),$2`,
        'bench sections.ts',
      ),
  },
];

function templateFiles(dir = TEMPLATE) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? templateFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** Why `name` cannot be a new section, or undefined when it can. */
export function refusal(name, root) {
  if (!name || !KEBAB.test(name))
    return `"${name ?? ''}" is not a section name: use lower-case words joined by hyphens, such as lost-found.`;
  const n = spellings(name);
  try {
    new Function(`let ${n.__nameCamel__};`);
  } catch {
    return `"${name}" is a reserved word in JavaScript; choose another name.`;
  }
  const taken = [
    `remote-${name}`,
    `shared/domain/src/${name}`,
    `shared/domain/src/${name}.ts`,
    `shared/domain/src/i18n/${name}.ts`,
    `server/src/features/${name}`,
  ];
  const existing = taken.find((path) => existsSync(join(root, path)));
  if (existing) return `A section named ${name} exists already (${existing}).`;
  const sections = readFileSync(join(root, 'shared/domain/src/sections.ts'), 'utf8');
  const paths = readFileSync(join(root, 'shared/core/src/paths.ts'), 'utf8');
  if (sections.includes(`'${name}'`) || paths.includes(`'${name}'`))
    return `A section named ${name} exists already (shared/domain/src/sections.ts or shared/core/src/paths.ts).`;
  return undefined;
}

/** Writes the section into the repository at `root`; returns the files created and edited. */
export function newSection(name, root) {
  const problem = refusal(name, root);
  if (problem) throw new Error(problem);
  const n = spellings(name);
  const created = templateFiles().map((file) => ({
    path: fill(relative(TEMPLATE, file), n).replace(/\.tmpl$/, ''),
    text: fill(readFileSync(file, 'utf8'), n),
  }));
  // Every edit is computed before anything is written: a missing anchor changes nothing.
  const edited = REGISTRATIONS.map(({ file, edit }) => ({
    path: file,
    text: edit(readFileSync(join(root, file), 'utf8'), n),
  }));
  for (const { path, text } of [...created, ...edited]) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  // What `npm install` would link for the new workspace, so it builds before the next install.
  const link = join(root, 'node_modules', `remote-${name}`);
  if (existsSync(join(root, 'node_modules')) && !existsSync(link)) symlinkSync(`../remote-${name}`, link);
  return { created: created.map((f) => f.path), edited: edited.map((f) => f.path) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const name = process.argv[2];
  try {
    const { created, edited } = newSection(name, root);
    // Formats the registrations (import order, line breaks); what it cannot fix it prints, and the section stays.
    spawnSync('npx', ['biome', 'check', '--write', ...created, ...edited], { cwd: root, stdio: 'inherit' });
    console.log(`Created section ${name}:\n  ${created.join('\n  ')}`);
    console.log(`Registered it in:\n  ${REGISTRATIONS.map((r) => `${r.file}: ${r.why}`).join('\n  ')}`);
    console.log(
      `Next: npm install (records the workspace in package-lock.json), npm run dev, then open /dashboard/${name} ` +
        'as a superadmin. Replace the "(ta)" texts with Tamil. docs/adding-a-section.md has the rest.',
    );
  } catch (error) {
    console.error(`new-section: ${error.message}`);
    process.exit(1);
  }
}
