// The demo admin's password is public, so the demo tenant is seeded only where nobody else can use
// it (issue 10): the embedded database on a loopback HOST (`npm start`). With DATABASE_URL, on
// HOST=0.0.0.0 and in the image it is not seeded unless asked for with SEED_DEMO=true, which then
// needs DEMO_PASSWORD; that password is used (not printed) and must pass the password rules.
import { readFile } from 'node:fs/promises'
import { describe, expect, it } from '@jest/globals'
import { ConfigError, loadConfig } from '@portal/config'
import { silentLogger } from '@portal/observability'
import { demoPlan, startPortal } from '@portal/svc-host'
import { call, dbKinds, startTestPortal } from '../support/portal.js'

const plan = (env: Record<string, string>) => demoPlan(loadConfig({ LOG_LEVEL: 'silent', ...env }))
const PG = { DATABASE_URL: 'postgres://portal@db.internal/portal' }

describe('when the demo tenant is seeded', () => {
  it.each([
    [{}, true], // npm start: embedded database, 127.0.0.1
    [{ HOST: 'localhost' }, true],
    [{ HOST: '::1' }, true],
    [PG, false],
    [{ HOST: '0.0.0.0' }, false], // the image's HOST
    [{ HOST: '10.1.2.3' }, false],
    [{ SEED_DEMO: 'false' }, false],
    [{ TARGET: 'identity', ...PG, NATS_URL: 'nats://n:4222' }, false],
    [{ ...PG, SEED_DEMO: 'true', DEMO_PASSWORD: 'Harbor-Demo!7351' }, true],
    [{ HOST: '0.0.0.0', SEED_DEMO: 'true', DEMO_PASSWORD: 'Harbor-Demo!7351' }, true],
  ])('%j → %s', (env, seed) => {
    expect(plan(env).seed).toBe(seed)
  })

  it.each([
    [PG, 'SEED_DEMO=true with DATABASE_URL needs DEMO_PASSWORD'],
    [{ HOST: '0.0.0.0' }, 'SEED_DEMO=true on HOST=0.0.0.0 needs DEMO_PASSWORD'],
  ])('refuses SEED_DEMO=true with the public password for %j, before anything starts', async (env, message) => {
    expect(() => plan({ ...env, SEED_DEMO: 'true' })).toThrow(ConfigError)
    expect(() => plan({ ...env, SEED_DEMO: 'true' })).toThrow(message)
    await expect(
      startPortal(loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent/never-created', ...env, SEED_DEMO: 'true' }), silentLogger),
    ).rejects.toThrow(message)
  })

  it('is off in the production image and in the Kubernetes configuration', async () => {
    const dockerfile = await readFile('Dockerfile', 'utf8')
    const runtimeStage = dockerfile.slice(dockerfile.indexOf('AS runtime'))
    expect(runtimeStage).toMatch(/^ENV .*\bSEED_DEMO=false\b/m)
    expect(await readFile('k8s/base/config.env', 'utf8')).toMatch(/^SEED_DEMO=false$/m)
  })
})

// A real database only when TEST_DATABASE_URL is set (CI sets it).
if (dbKinds().includes('pg'))
  describe('the demo on a real database (pg)', () => {
    it('is not seeded by default', async () => {
      const tp = await startTestPortal({ db: 'pg', env: { SEED_DEMO: '' } })
      try {
        expect(tp.portal.demo).toBeUndefined()
        const login = await call(tp, 'POST', '/api/userlogin', { body: { email: 'admin@demo.example', password: 'Demo-Trust!4821' } })
        expect(login.status).toBe(400)
      } finally {
        await tp.stop()
      }
    })

    it('is seeded when asked for, with DEMO_PASSWORD, verified', async () => {
      const tp = await startTestPortal({ db: 'pg', env: { SEED_DEMO: 'true', DEMO_PASSWORD: 'Harbor-Demo!7351' } })
      try {
        expect(tp.portal.demo).toMatchObject({ email: 'admin@demo.example', password: 'Harbor-Demo!7351', passwordFromConfig: true })
        expect((await call(tp, 'POST', '/api/userlogin', { body: { email: 'admin@demo.example', password: 'Demo-Trust!4821' } })).status).toBe(400)
        const login = await call(tp, 'POST', '/api/userlogin', { body: { email: 'admin@demo.example', password: 'Harbor-Demo!7351' } })
        expect(login.body).toMatchObject({ status: true, data: { dbName: 'demo', emailVerified: true } })
      } finally {
        await tp.stop()
      }
    })
  })
