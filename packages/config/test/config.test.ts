import { describe, expect, it } from '@jest/globals'
import { ConfigError, envTable, loadConfig, variables } from '../src/index.js'

describe('loadConfig', () => {
  it('runs on a bare laptop with embedded defaults', () => {
    const cfg = loadConfig({})
    expect(cfg).toMatchObject({
      all: true,
      port: 3000,
      dataDir: './.data',
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      otpDigits: 4,
      cookieSecure: false,
    })
    expect(cfg.targets).toHaveLength(7)
    expect(Object.isFrozen(cfg)).toBe(true)
  })

  it('honours PORT, DATA_DIR and OTP_DIGITS=6', () => {
    const cfg = loadConfig({ PORT: '8081', DATA_DIR: '/tmp/x', OTP_DIGITS: '6', PUBLIC_URL: 'https://portal.example.com/' })
    expect(cfg).toMatchObject({ port: 8081, dataDir: '/tmp/x', otpDigits: 6, publicUrl: 'https://portal.example.com', cookieSecure: true })
  })

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a whole number'],
    [{ PORT: '70000' }, 'PORT must be between 1 and 65535'],
    [{ OTP_DIGITS: '5' }, 'OTP_DIGITS must be one of 4, 6'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL must be a URL, got "<hidden>"'],
    [{ TARGET: 'billing' }, 'TARGET: unknown target "billing"'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO must be true or false'],
    [{ ACCESS_TOKEN_TTL: '3600' }, 'ACCESS_TOKEN_TTL must be between 30 and 900'],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_ACCESS_KEY and S3_SECRET_KEY are required'],
    [{ BUS_PREFIX: 'prod.*' }, 'BUS_PREFIX must be dot-separated letters, digits'],
  ])('refuses %j with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(message)
  })

  it('serves metrics on their own port: 9464 by default, explicit, or off (METRICS_PORT)', () => {
    expect(loadConfig({}).metrics).toEqual({ port: 9464, explicit: false })
    expect(loadConfig({ METRICS_PORT: '9100' }).metrics).toEqual({ port: 9100, explicit: true })
    expect(loadConfig({ METRICS_PORT: 'off' }).metrics).toBeUndefined()
    expect(() => loadConfig({ METRICS_PORT: 'on' })).toThrow('METRICS_PORT must be a port (0 to 65535) or off, got "on"')
    expect(() => loadConfig({ METRICS_PORT: '3000' })).toThrow('METRICS_PORT must not be the public PORT (3000)')
  })

  it('reads BUS_PREFIX, empty by default (the subjects as they always were)', () => {
    expect(loadConfig({}).busPrefix).toBeUndefined()
    expect(loadConfig({ BUS_PREFIX: 'acme.eu-1' }).busPrefix).toBe('acme.eu-1')
  })

  it('refuses embedded adapters for a service alone in its process', () => {
    expect(() => loadConfig({ TARGET: 'identity' })).toThrow('embedded PGlite works only with TARGET=all')
    expect(() => loadConfig({ TARGET: 'identity', DATABASE_URL: 'postgres://x@h/db' })).toThrow('set NATS_URL')
    expect(() => loadConfig({ TARGET: 'questionnaire', DATABASE_URL: 'postgres://x@h/db', NATS_URL: 'nats://h:4222' })).toThrow('set REDIS_URL')
    expect(() => loadConfig({ TARGET: 'gateway' })).toThrow('set IDENTITY_URL')
    const ok = loadConfig({ TARGET: 'identity', DATABASE_URL: 'postgres://x@h/db', NATS_URL: 'nats://h:4222' })
    expect(ok.targets).toEqual(['identity'])
    expect(ok.all).toBe(false)
  })

  it('keeps row-level security on unless a test turns it off (DB_ROW_SECURITY)', () => {
    expect(loadConfig({}).dbRowSecurity).toBe(true)
    expect(loadConfig({ DB_ROW_SECURITY: 'off' }).dbRowSecurity).toBe(false)
    expect(() => loadConfig({ DB_ROW_SECURITY: 'no' })).toThrow('DB_ROW_SECURITY must be one of on, off')
    expect(() => loadConfig({ DB_ROW_SECURITY: 'off', HOST: '0.0.0.0' })).toThrow(
      'DB_ROW_SECURITY=off is a test setting, refused with HOST=0.0.0.0 (loopback only)',
    )
  })

  it('reads how many jobs a worker runs at once, two of each by default (INGEST_CONCURRENCY, DRAFT_CONCURRENCY)', () => {
    expect(loadConfig({}).jobConcurrency).toEqual({ ingest: 2, draft: 2 })
    expect(loadConfig({ INGEST_CONCURRENCY: '4', DRAFT_CONCURRENCY: '8' }).jobConcurrency).toEqual({ ingest: 4, draft: 8 })
    expect(() => loadConfig({ INGEST_CONCURRENCY: '0' })).toThrow('INGEST_CONCURRENCY must be between 1 and 64 (jobs at once), got 0')
    expect(() => loadConfig({ DRAFT_CONCURRENCY: '65' })).toThrow('DRAFT_CONCURRENCY must be between 1 and 64')
    expect(() => loadConfig({ DRAFT_CONCURRENCY: 'two' })).toThrow('DRAFT_CONCURRENCY must be a whole number')
  })

  it('documents every variable in the README table', () => {
    const table = envTable()
    for (const name of Object.keys(variables)) expect(table).toContain(`\`${name}\``)
  })
})
