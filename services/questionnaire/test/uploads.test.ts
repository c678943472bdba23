// An upload is all or nothing: when storage fails half-way through a multi-file upload, the files
// already stored are removed, no row is left, and the day's quota is given back (issue 15). Each
// file read is queued under its company with its size, so companies take turns (issue 26).
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { testDatabaseKinds, usageToday } from '@portal/db'
import { AppError } from '@portal/errors'
import { SCHEMA } from '@portal/questionnaire-store'
import type { JobOptions } from '@portal/queue'
import type { BlobStore } from '@portal/storage'
import { buildHarness, call, type Harness } from './harness.js'

const PDF = path.resolve(import.meta.dirname, '../../../tests/fixtures/policies/open_access_policies/minimal-soc2_compiled.pdf')

describe.each(testDatabaseKinds())('uploads on %s', (_kind, open) => {
  let h: Harness
  let fail = false
  let blobs: BlobStore
  const stored: string[] = []
  const queued: { queue: string; data: unknown; opts: JobOptions | undefined }[] = []
  beforeAll(async () => {
    h = await buildHarness(open, {
      queue: (queue) => ({
        ...queue,
        add: async (name, data, opts) => {
          queued.push({ queue: name, data, opts })
          return queue.add(name, data, opts)
        },
      }),
      // The second file of an upload finds storage gone, once `fail` is set.
      blobs: (store: BlobStore) => {
        let puts = 0
        blobs = store
        return {
          ...store,
          putFile: async (key, file, o) => {
            if (fail && ++puts === 2) throw new AppError('UNAVAILABLE', { message: 'Storage unavailable' })
            await store.putFile(key, file, o)
            stored.push(key)
          },
        }
      },
    })
  })
  afterAll(async () => h?.close())

  it('keeps no file and spends no quota when storage fails half-way', async () => {
    const { token, tenantId } = await h.staff()
    const client = await call(h, 'POST', '/api/companys', {
      token,
      body: { companyName: 'Half Way', compliance_bucket: 'compliance', questionnaires_bucket: 'questionnaires' },
    })
    expect(client.status).toBe(201)
    const companyId = (client.body.data as { _id: string })._id
    const bytes = await readFile(PDF)
    const upload = async () => {
      const form = new FormData()
      form.append('companyId', companyId)
      form.append('files', new Blob([new Uint8Array(bytes)]), 'one.pdf')
      form.append('files', new Blob([new Uint8Array(bytes)]), 'two.pdf')
      const req = new Request('http://x/', { method: 'POST', body: form })
      return h.app.inject({
        method: 'POST',
        url: '/api/fs/enterpriseapps-compliance-uploadfile',
        headers: { authorization: `Bearer ${token}`, 'content-type': req.headers.get('content-type')! },
        payload: Buffer.from(await req.arrayBuffer()),
      })
    }

    fail = true
    const refused = await upload()
    expect(refused.statusCode).toBe(503)
    expect(await h.db.selectFrom('file').select('id').where('tenantId', '=', tenantId).execute()).toEqual([])
    expect(await usageToday(h.db, SCHEMA, tenantId)).toEqual({ files: 0, bytes: 0, drafts: 0 })
    expect(stored).toHaveLength(1) // the first file was stored before the second failed ...
    await expect(blobs.getBuffer(stored[0]!)).rejects.toMatchObject({ code: 'NOT_FOUND' }) // ... and removed

    // The same upload once storage is back: both files, counted once.
    fail = false
    expect(queued).toEqual([]) // nothing queued for the refused upload
    const saved = await upload()
    expect(saved.statusCode).toBe(201)
    const rows = await h.db.selectFrom('file').select('id').where('tenantId', '=', tenantId).execute()
    expect(rows).toHaveLength(2)
    expect(await usageToday(h.db, SCHEMA, tenantId)).toMatchObject({ files: 2, bytes: bytes.length * 2 })
    // Each file's read is queued under the company, with its size: its turn among other companies'.
    expect(queued.map((j) => j.opts).sort((a, b) => String(a?.jobId).localeCompare(String(b?.jobId)))).toEqual(
      rows.map((r) => ({ jobId: `compliance-${r.id}`, fairKey: tenantId, size: bytes.length })).sort((a, b) => a.jobId.localeCompare(b.jobId)),
    )
  })
})
