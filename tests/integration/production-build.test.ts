// The production build is what the image runs: the workspace compiled to JavaScript (scripts/build-
// server.mjs) in a folder with production dependencies only (scripts/prod-install.sh), started with a
// bare `node`: no tsx, no TypeScript. It must start, answer the API, and do the work that runs in
// worker threads (PGlite's first start, PDF text, questionnaire extraction), whose scripts the build
// copies beside the bundle.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { companyWithClient, type ServiceProcess, startService } from '../support/service-process.js'
import { until } from '../support/portal.js'

const root = path.resolve(import.meta.dirname, '../..')
const FIXTURES = path.join(root, 'tests/fixtures')

describe('production build (compiled JavaScript, production dependencies only)', () => {
  let prod: string
  let dataDir: string
  let portal: ServiceProcess

  beforeAll(async () => {
    prod = await mkdtemp(path.join(tmpdir(), 'portal-prod-'))
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-prod-data-'))
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'ignore' })
    execFileSync('sh', ['scripts/prod-install.sh', prod], { cwd: root, stdio: 'ignore' })
    portal = await startService('production build', { DATA_DIR: dataDir, SEED_DEMO: 'false' }, 90_000, { cwd: prod, args: ['dist/server/main.mjs'] })
  }, 180_000)
  afterAll(async () => {
    await portal?.stop('SIGTERM')
    await rm(prod, { recursive: true, force: true })
    await rm(dataDir, { recursive: true, force: true })
  })

  it('holds no TypeScript loader and no development dependency', () => {
    for (const dev of ['tsx', 'typescript', 'jest', '@biomejs/biome', 'esbuild']) expect(existsSync(path.join(prod, 'node_modules', dev))).toBe(false)
    expect(existsSync(path.join(prod, 'services'))).toBe(false)
  })

  it('reads a PDF and a questionnaire in worker threads', async () => {
    const { auth, companyId } = await companyWithClient(portal.url, 'ops@prod-build.example', 'Prod Bank')
    const upload = async (route: string, field: string, file: string) => {
      const form = new FormData()
      form.append(field, companyId)
      form.append('files', new Blob([new Uint8Array(await readFile(path.join(FIXTURES, file)))]), path.basename(file))
      const res = await fetch(`${portal.url}${route}`, { method: 'POST', headers: auth, body: form })
      expect(res.status).toBe(201)
    }
    await upload('/api/fs/enterpriseapps-compliance-uploadfile', 'companyId', 'policies/basecamp_37signals/security_37signals_Security_Overview_2022-09.pdf')
    await upload('/api/questionnaires/save', 'company_id', 'questionnaires/csa-caiq-v3.0.1-09-01-2017.xlsx')
    const settled = (kind: string) =>
      until(
        `${kind} read`,
        async () => {
          const files = (
            (await (await fetch(`${portal.url}/api/${kind}/${companyId}`, { headers: auth })).json()) as {
              data: { state: string; error: string | null; total: number }[]
            }
          ).data
          if (files[0]?.state === 'failed') throw new Error(`${kind}: ${files[0].error}`)
          return files[0]?.state === 'ready' ? files[0] : undefined
        },
        90_000,
      )
    await settled('compliancefile')
    expect((await settled('questionnaires')).total).toBe(294)
  }, 120_000)
})
