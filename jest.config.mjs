// One jest run for the whole workspace: node projects (packages, services, tests) and the web app (jsdom).
const swc = ['@swc/jest', {
  jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2023', transform: { react: { runtime: 'automatic' } } },
  module: { type: 'es6' },
}]
const common = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transformIgnorePatterns: ['/node_modules/'],
}
export default {
  testTimeout: 30000,
  projects: [
    { ...common, displayName: 'node', testEnvironment: 'node',
      testMatch: ['<rootDir>/packages/*/test/**/*.test.ts', '<rootDir>/services/*/test/**/*.test.ts', '<rootDir>/tests/integration/**/*.test.ts'] },
    { ...common, displayName: 'browser', testEnvironment: 'node', testMatch: ['<rootDir>/tests/browser/**/*.test.ts'] },
    { ...common, displayName: 'web', testEnvironment: 'jsdom', setupFiles: ['<rootDir>/web/test/polyfills.cjs'],
      setupFilesAfterEnv: ['<rootDir>/web/test/setup.ts'], testMatch: ['<rootDir>/web/src/**/*.test.tsx', '<rootDir>/web/test/**/*.test.tsx'] },
  ],
}
