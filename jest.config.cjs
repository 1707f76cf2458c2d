/** Front-end unit and component tests (shared, shell, remotes). The server uses node:test. */
module.exports = {
  testEnvironment: 'jsdom',
  roots: [
    '<rootDir>/shared',
    '<rootDir>/shell',
    '<rootDir>/remote-janaza',
    '<rootDir>/remote-events',
    '<rootDir>/remote-members',
    '<rootDir>/remote-summary',
  ],
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
  transformIgnorePatterns: ['/node_modules/(?!(@ummahnotify)/)'],
  moduleNameMapper: {
    // @ant-design/icons' CommonJS build requires the ES build of this one file; use its CommonJS twin.
    '^@ant-design/colors/es/(.*)$': '@ant-design/colors/lib/$1',
    '\\.(css|less)$': 'identity-obj-proxy',
    '\\.(png|jpe?g|svg|webp|woff2?)$': '<rootDir>/jest/file-stub.cjs',
  },
  setupFilesAfterEnv: ['<rootDir>/jest/setup.ts'],
};
