// A trust-center document upload is all or nothing: when storage or the database fails after the
// quota was spent, no file is left stored and the day's quota is given back (issue 15).
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { testDatabaseKinds, usageToday } from '@portal/db'
import { AppError } from '@portal/errors'
import type { ServiceContext } from '@portal/http'
import type { BlobStore } from '@portal/storage'
import { SCHEMA } from '../src/db/schema.js'
import { buildHarness, type Harness } from './harness.js'

const PDF = path.resolve(import.meta.dirname, '../../../tests/fixtures/policies/open_access_policies/minimal-soc2_compiled.pdf')

describe.each(testDatabaseKinds())('document uploads on %s', (_kind, open) => {
  let h: Harness
  let blobs: BlobStore
  let fail = false
  const stored: string[] = []
  const tenantId = crypto.randomUUID()
  const token = crypto.randomUUID()

  beforeAll(async () => {
    const admin = {
      userId: crypto.randomUUID(),
      tenantId,
      dbName: 'uploads_co',
      admin: true,
      inboundUser: false,
      sessionId: crypto.randomUUID(),
      emailVerified: true,
      name: 'Ada',
    }
    const tokens = {
      verifyAccess: async (t: string) => (t === token ? admin : Promise.reject(new AppError('UNAUTHENTICATED'))),
    } as unknown as ServiceContext['tokens']
    h = await buildHarness(open, {}, tokens, (store) => {
      blobs = store
      return {
        ...store,
        putFile: async (key, file, o) => {
          await store.putFile(key, file, o)
          stored.push(key)
          // The file is stored, then the write "fails" as a lost connection would after the bytes went.
          if (fail) throw new AppError('UNAVAILABLE', { message: 'Storage unavailable' })
        },
      }
    })
  })
  afterAll(async () => h?.close())

  const upload = async () => {
    const form = new FormData()
    form.append('title', 'Pen test summary')
    form.append('visibility', 'public')
    form.append('file', new Blob([new Uint8Array(await readFile(PDF))]), 'pentest.pdf')
    const req = new Request('http://x/', { method: 'POST', body: form })
    return h.app.inject({
      method: 'POST',
      url: '/api/fs/upload-docs',
      headers: { authorization: `Bearer ${token}`, 'content-type': req.headers.get('content-type')! },
      payload: Buffer.from(await req.arrayBuffer()),
    })
  }

  it('leaves no stored file and no quota spent when storage fails', async () => {
    fail = true
    const refused = await upload()
    expect(refused.statusCode).toBe(503)
    expect(stored).toHaveLength(1)
    await expect(blobs.getBuffer(stored[0]!)).rejects.toMatchObject({ code: 'NOT_FOUND' })
    expect(await h.db.selectFrom('document').select('id').where('tenantId', '=', tenantId).execute()).toEqual([])
    expect(await usageToday(h.db, SCHEMA, tenantId)).toEqual({ files: 0, bytes: 0, drafts: 0 })

    fail = false
    expect((await upload()).statusCode).toBe(201)
    expect(await h.db.selectFrom('document').select('id').where('tenantId', '=', tenantId).execute()).toHaveLength(1)
    expect(await usageToday(h.db, SCHEMA, tenantId)).toMatchObject({ files: 1 })
  })
})
