// Abuse benchmark, uploads part (issue 10): 20 concurrent 48 MB PDF uploads, streamed to storage.
// Prints the time taken and the process's RSS before, at its peak (sampled every 20 ms) and after.
// Called from tests/bench/abuse.ts; runs alone too: node --import tsx tests/bench/abuse-uploads.ts
import { request } from 'node:http'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { pathToFileURL } from 'node:url'
import { multipartStream, paddedPdf } from '../support/padded-pdf.js'
import { signUp, startTestPortal, type TestPortal } from '../support/portal.js'

const MB = 1024 * 1024
export const UPLOADS = 20
export const SIZE = 48 * MB
const row = (label: string, value: string, target = '') => console.log(`${label.padEnd(58)} ${value.padStart(14)}   ${target}`)

/** Sends the 20 uploads to a running portal at once; resolves with their HTTP statuses. */
export async function floodUploads(tp: TestPortal, email = 'flood@bench-uploads.example'): Promise<number[]> {
  const user = await signUp(tp, email)
  const headers = { authorization: `Bearer ${user.token}` }
  const company = await fetch(`${tp.url}/api/companys`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ companyName: 'Flood', compliance_bucket: 'c', questionnaires_bucket: 'q' }),
  })
  const companyId = ((await company.json()) as { data: { _id: string } }).data._id
  const upload = (i: number) =>
    new Promise<number>((resolve, reject) => {
      const form = multipartStream({ companyId }, [{ field: 'files', name: `flood-${i}.pdf`, chunks: () => paddedPdf(SIZE) }])
      const req = request(
        `${tp.url}/api/fs/enterpriseapps-compliance-uploadfile`,
        { method: 'POST', headers: { ...headers, 'content-type': form.contentType } },
        (res) => {
          res.resume().on('end', () => resolve(res.statusCode ?? 0))
        },
      )
      req.on('error', reject)
      pipeline(Readable.from(form.body), req).catch(() => {})
    })
  return Promise.all(Array.from({ length: UPLOADS }, (_, i) => upload(i)))
}

export async function uploadFlood(): Promise<void> {
  const tp = await startTestPortal({ listen: true })
  try {
    const rss = () => process.memoryUsage().rss
    const before = rss()
    let peak = before
    const timer = setInterval(() => {
      peak = Math.max(peak, rss())
    }, 20)
    const t0 = performance.now()
    const statuses = await floodUploads(tp)
    const seconds = (performance.now() - t0) / 1000
    clearInterval(timer)
    const after = rss()
    const accepted = statuses.filter((s) => s === 201).length
    console.log(`\n${UPLOADS} concurrent ${SIZE / MB} MB PDF uploads (streamed to storage, checked by pdf.js)`)
    row('accepted (201)', `${accepted}/${UPLOADS}`, `target ${UPLOADS}/${UPLOADS}`)
    row('time', `${seconds.toFixed(1)} s`, `${((UPLOADS * SIZE) / MB / seconds).toFixed(0)} MB/s`)
    row('RSS before', `${(before / MB).toFixed(0)} MB`)
    row('RSS peak', `${(peak / MB).toFixed(0)} MB`, `growth ${((peak - before) / MB).toFixed(0)} MB, target < 200 MB`)
    row('RSS after', `${(after / MB).toFixed(0)} MB`)
  } finally {
    await tp.stop()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await uploadFlood()
