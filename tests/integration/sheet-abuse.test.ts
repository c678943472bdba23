// Hostile workbooks uploaded to the running portal (issue 10): zip bombs whose headers
// lie, a 100 MB sharedStrings part, DTDs in UTF-16 or past the first 4 KB, billion laughs, and a
// workbook that passes the archive checks but is too heavy to parse. Each is answered with a 4xx,
// or stored and then marked failed with the reason; nothing else of them is kept. Meanwhile
// /healthz, polled every 20 ms, answers in < 200 ms and the process grows by < 300 MB: archives are
// scanned and parsed in worker threads, a few at a time, with heap and time limits.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { hostile } from '../support/hostile-workbooks.js'
import { multipartStream, postMultipart } from '../support/padded-pdf.js'
import { callWithToken, dbKinds, formOf, type SignedUp, signUp, startTestPortal, type TestPortal } from '../support/portal.js'

const MiB = 1024 * 1024

/**
 * Polls `url` every 20 ms until stopped; the slowest answer is what a tenant would have waited.
 * Resolves once the first answer is in, so connection set-up is not counted.
 */
async function pollHealth(url: string) {
  let stopped = false
  let slowest = 0
  let answers = 0
  await (await fetch(url)).arrayBuffer()
  const loop = (async () => {
    while (!stopped) {
      const t0 = performance.now()
      const res = await fetch(url)
      await res.arrayBuffer()
      if (res.status === 200) answers++
      slowest = Math.max(slowest, performance.now() - t0)
      await new Promise((r) => setTimeout(r, 20))
    }
  })()
  return {
    stop: async () => {
      stopped = true
      await loop
      return { slowest, answers }
    },
  }
}

function sampleRss() {
  const before = process.memoryUsage().rss
  let peak = before
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20)
  return () => {
    clearInterval(timer)
    return (Math.max(peak, process.memoryUsage().rss) - before) / MiB
  }
}

describe.each(dbKinds())('hostile workbooks against the portal on %s', (db) => {
  let tp: TestPortal
  let user: SignedUp
  let companyId: string

  const api = (method: string, url: string, body?: unknown) => callWithToken(tp, user, method, url, body)
  const form = (field: string, fields: Record<string, string>, bytes: Buffer, name: string) => formOf(fields, [[name, bytes]], field)
  const multipartBody = async (fields: Record<string, string>, bytes: Buffer, name: string) => {
    const form = multipartStream(fields, [{ field: 'files', name, type: 'application/octet-stream', chunks: () => [bytes] }])
    const chunks: Buffer[] = []
    for await (const c of form.body) chunks.push(c)
    return { contentType: form.contentType, body: Buffer.concat(chunks) }
  }
  const send = (url: string, b: { contentType: string; body: Buffer }) => postMultipart(`${tp.url}${url}`, user.token, b)
  const questionnaires = async () => (await api('GET', `/api/questionnaires/${companyId}`)).json.data as { _id: string; state: string; error: string | null }[]

  beforeAll(async () => {
    tp = await startTestPortal({ db, listen: true })
    user = await signUp(tp, 'sheets@abuse-co.example')
    companyId = (
      (await api('POST', '/api/companys', { companyName: 'Abuse Client', compliance_bucket: 'c', questionnaires_bucket: 'q' })).json.data as { _id: string }
    )._id
    // Warm-up: code loaded once by this process (HTTP client, multipart, worker files) is not growth.
    const ok = await api('POST', '/api/questionnaires/save', form('files', { company_id: companyId }, hostile.doctypeAfter(10), 'warm-up.xlsx'))
    expect(ok.status).toBe(422)
  })
  afterAll(async () => tp?.stop())

  it('answers each with a 4xx or a failed file with the reason, /healthz < 200 ms and RSS < 300 MB throughout', async () => {
    const uploads: [string, Buffer, number, string][] = [
      ['headers declare 1 KiB, 4 GiB inside', hostile.lyingBomb(), 422, 'The workbook is damaged or unsafe'],
      ['central directory says 4 GiB, local header 1 KiB', hostile.lyingBomb({ lie: 'local' }), 422, 'The workbook is too large when unpacked'],
      ['a lying image part', hostile.lyingBomb({ part: 'xl/media/image1.png' }), 422, 'The workbook is damaged or unsafe'],
      ['100 MB sharedStrings', hostile.bigSharedStrings(100_000_000), 422, 'The workbook is too large when unpacked'],
      ['DOCTYPE in UTF-16 BE', hostile.doctypeIn('utf16be', { bom: true }), 422, 'The workbook contains XML declarations that are not allowed'],
      ['DOCTYPE after 4 KB', hostile.doctypeAfter(5_000), 422, 'The workbook contains XML declarations that are not allowed'],
      ['billion laughs', hostile.billionLaughs(), 422, 'The workbook contains XML declarations that are not allowed'],
      ['31 MiB of tiny shared strings', hostile.manyTinyStrings(), 201, ''],
    ]
    // Whole request bodies made before the clock starts: this process is also the client, and what
    // is measured is the portal's work. One after another, as tenants would send them (many at once
    // is the benchmark's job: tests/bench/abuse.ts).
    const bodies = await Promise.all(uploads.map(([name, bytes]) => multipartBody({ company_id: companyId, vendor_name: 'Abuse' }, bytes, `${name}.xlsx`)))
    const health = await pollHealth(`${tp.url}/healthz`)
    const rssGrowth = sampleRss()
    const answers: Awaited<ReturnType<typeof send>>[] = []
    for (const body of bodies) answers.push(await send('/api/questionnaires/save', body))
    expect(answers.map((a, i) => [uploads[i]![0], a.status, a.status === 201 ? '' : a.json.message])).toEqual(
      uploads.map(([name, , status, message]) => [name, status, message]),
    )
    // The heavy one passed the archive checks; reading it hits the worker's heap limit.
    const accepted = (answers.at(-1)!.json.data as { _id: string }[])[0]!._id
    const end = Date.now() + 30_000
    let file = (await questionnaires()).find((q) => q._id === accepted)
    while (file?.state !== 'failed' && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 100))
      file = (await questionnaires()).find((q) => q._id === accepted)
    }
    const growth = rssGrowth()
    const { slowest, answers: polled } = await health.stop()
    console.log(`[${db}] hostile uploads: /healthz slowest ${slowest.toFixed(0)} ms over ${polled} polls, RSS grew ${growth.toFixed(0)} MB`)
    expect(file).toMatchObject({ state: 'failed', error: 'The workbook is too large to read' })
    expect(await questionnaires()).toHaveLength(1) // the refused ones left no row
    expect(polled).toBeGreaterThan(10)
    expect(slowest).toBeLessThan(200)
    expect(growth).toBeLessThan(300)
  }, 90_000)

  it('refuses the same bombs as trust-center documents (the same checks, its own words)', async () => {
    const forms = [hostile.lyingBomb(), hostile.doctypeIn('utf16le')].map((bomb) => form('file', { title: 'Policy' }, bomb, 'policy.xlsx'))
    const health = await pollHealth(`${tp.url}/healthz`)
    for (const fd of forms) {
      const res = await api('POST', '/api/fs/upload-docs', fd)
      expect([res.status, res.json.message]).toEqual([422, 'The document is damaged or unsafe'])
    }
    expect((await health.stop()).slowest).toBeLessThan(200)
  }, 60_000)
})
