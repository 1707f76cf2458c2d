/** Front-end unit and component tests (shared/core, shared/domain, shared/client, shell, public-pages, remotes). The server uses node:test. */
const { workspaces } = require('./package.json');

module.exports = {
  testEnvironment: 'jsdom',
  // the shared/* packages, shell and every remote-* workspace of package.json
  roots: [
    ...workspaces.filter((w) => w.startsWith('shared/')),
    'shell',
    'public-pages',
    ...workspaces.filter((w) => w.startsWith('remote-')),
  ].map((dir) => `<rootDir>/${dir}`),
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } },
        module: { type: 'commonjs' },
      },
    ],
  },
  // The workspace packages are TypeScript sources (@ummahnotify/core, domain, client): transformed like the rest.
  transformIgnorePatterns: ['/node_modules/(?!(@ummahnotify)/)'],
  moduleNameMapper: {
    // @ant-design/icons' CommonJS build requires the ES build of this one file; use its CommonJS twin.
    '^@ant-design/colors/es/(.*)$': '@ant-design/colors/lib/$1',
    // The light public app imports icon definitions from the ES build; jest runs CommonJS.
    '^@ant-design/icons-svg/es/(.*)$': '@ant-design/icons-svg/lib/$1',
    '\\.(css|less)$': 'identity-obj-proxy',
    '\\.(png|jpe?g|svg|webp|woff2?)$': '<rootDir>/jest/file-stub.cjs',
  },
  setupFilesAfterEnv: ['<rootDir>/jest/setup.ts'],
  // A deadline for a test that hangs, not a measure of speed: an antd list test takes a few seconds on a quiet
  // 2-core machine and took over 120 s at a load average of 14 (2026-11-28). Waits for states: jest/setup.ts.
  testTimeout: 300_000,
};
