// Abuse benchmark, answers' attachments (issue 22): the recipient of a sent questionnaire (the
// emailed link's restricted session) floods one outbound with attachments. Prints how many were
// accepted and how much the blob store grew, with the default quotas.
// Runs alone: node --import tsx tests/bench/abuse-attachments.ts [count] [MB each]
import { readFile, readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { readOutbox } from '@portal/mail'
import { callAs, signUp, startTestPortal, until } from '../support/portal.js'

const MB = 1024 * 1024
const VSA = path.resolve(process.cwd(), 'tests/fixtures/questionnaires/built/vsa-core.xlsx')

async function bytesUnder(dir: string): Promise<number> {
  let total = 0
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => [])) {
    if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).size
  }
  return total
}

export async function attachmentFlood(count: number, sizeMb: number): Promise<void> {
  const tp = await startTestPortal({ listen: true })
  try {
    const alice = await signUp(tp, 'alice@flood-attachments.example')
    const fd = new FormData()
    fd.append('clientName', 'Flooder')
    fd.append('email', 'flood@client.example')
    fd.append('files', new Blob([new Uint8Array(await readFile(VSA))]), 'vsa.xlsx')
    const outboundId = ((await callAs(tp, alice, 'POST', '/api/outbound/save', fd)).json.data as { outboundId: string }).outboundId
    const capability = await until(
      'the link',
      async () => (await readOutbox(tp.dataDir, 'flood@client.example')).at(-1)?.text.match(/\/inbound\/review\/([\w-]+)/)?.[1],
    )
    const session = (await (await fetch(`${tp.url}/api/inbound/${capability}`)).json()) as { data: { token: string; dbName: string } }
    const recipient = { userId: '', token: session.data.token, dbName: session.data.dbName, email: 'flood@client.example' }
    const questionId = await until(
      'extraction',
      async () =>
        ((await callAs(tp, recipient, 'GET', `/api/outbound/${outboundId}`)).json.data as { file: { questions: { _id: string }[] } }).file.questions[0]?._id,
    )
    // A GIF by its signature, padded: checked by content, so any size up to 25 MB is "an image".
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(sizeMb * MB - 6)])
    const blobs = path.join(tp.dataDir, 'blobs')
    const before = await bytesUnder(blobs)
    const statuses: number[] = []
    const t0 = performance.now()
    for (let sent = 0; sent < count; sent += 10) {
      const batch = Array.from({ length: Math.min(10, count - sent) }, (_, i) => {
        const form = new FormData()
        form.append('outboundId', outboundId)
        form.append('questionId', questionId)
        form.append('file', new Blob([new Uint8Array(gif)]), `x${sent + i}.html`)
        return callAs(tp, recipient, 'PUT', '/api/outbound/attachment', form).then((r) => r.status)
      })
      statuses.push(...(await Promise.all(batch)))
    }
    const seconds = (performance.now() - t0) / 1000
    const grown = (await bytesUnder(blobs)) - before
    const tally = new Map<number, number>()
    for (const s of statuses) tally.set(s, (tally.get(s) ?? 0) + 1)
    console.log(`${count} attachments of ${sizeMb} MB from the recipient, 10 at a time, in ${seconds.toFixed(1)} s`)
    console.log(`statuses: ${[...tally].map(([s, n]) => `${n} × ${s}`).join(', ')}; blob store grew ${(grown / MB).toFixed(0)} MB`)
  } finally {
    await tp.stop()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await attachmentFlood(Number(process.argv[2] ?? 230), Number(process.argv[3] ?? 1))
