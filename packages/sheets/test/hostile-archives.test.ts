// Hostile workbooks are refused by the archive scan, in a worker thread, before any parser sees
// them: zips whose headers lie about sizes (counted as they really inflate, stopping at the cap),
// local headers that disagree with the central directory, and DTDs anywhere in any part, in any
// encoding (security.md B12, B13).
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from '@jest/globals'
import { encode, hostile, questionnaire, questionnaireParts, zip } from '../../../tests/support/hostile-workbooks.js'
import { inspectXlsx, readWorkbook } from '../src/index.js'
import { MarkupGuard } from '../src/worker/xml-markup.mjs'

const MiB = 1024 * 1024

/** The call's outcome and how long it took. (The main thread's responsiveness meanwhile is worker-limits.test.ts's.) */
async function timed(work: () => Promise<unknown>): Promise<{ outcome: [number, string] | 'ok'; ms: number }> {
  const t0 = performance.now()
  const outcome = await work().then(
    () => 'ok' as const,
    (err: { statusCode: number; message: string }) => [err.statusCode, err.message] as [number, string],
  )
  return { outcome, ms: performance.now() - t0 }
}

describe('zip bombs whose headers lie', () => {
  it.each([
    ['central directory and local header both declare 1 KiB', { lie: 'both' }, 'The workbook is damaged or unsafe'],
    ['the central directory declares 1 KiB', { lie: 'central' }, 'The workbook is damaged or unsafe'],
    ['only the local header (the one SheetJS trusts) declares 1 KiB', { lie: 'local' }, 'The workbook is too large when unpacked'],
    ['a part that is not XML (xl/media/image1.png) declares 1 KiB', { part: 'xl/media/image1.png' }, 'The workbook is damaged or unsafe'],
  ] as const)('%s: a 4 MB file that inflates to 4 GiB is refused at once (422)', async (_name, opts, message) => {
    const bomb = hostile.lyingBomb(opts)
    expect(bomb.length).toBeLessThan(5 * MiB)
    for (const call of [() => inspectXlsx(bomb), () => readWorkbook(bomb)]) {
      const { outcome, ms } = await timed(call)
      expect(outcome).toEqual([422, message])
      expect(ms).toBeLessThan(2_000) // 4 GiB were not inflated (security.md B12: within 2 s)
    }
  })

  it('counts the bytes that really inflate: an honest 100 MB sharedStrings part stops at the 32 MiB cap', async () => {
    const big = hostile.bigSharedStrings(100_000_000)
    expect(big.length).toBeLessThan(5 * MiB) // compresses ~30:1, under the 100:1 ratio cap
    const dir = await mkdtemp(path.join(tmpdir(), 'sheets-'))
    try {
      // At upload the archive is read from the spooled file, by ranges.
      await writeFile(path.join(dir, 'big.xlsx'), big)
      for (const call of [() => inspectXlsx({ path: path.join(dir, 'big.xlsx') }), () => readWorkbook(big)]) {
        const { outcome, ms } = await timed(call)
        expect(outcome).toEqual([422, 'The workbook is too large when unpacked'])
        expect(ms).toBeLessThan(5_000)
      }
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('refuses a local header that names another part than the central directory', async () => {
    const renamed = questionnaire({}, { 'xl/worksheets/sheet1.xml': { local: { name: 'xl/worksheets/sheet2.xml' } } })
    await expect(inspectXlsx(renamed)).rejects.toMatchObject({ statusCode: 422, message: 'The workbook is damaged or unsafe' })
  })

  it('refuses more parts than a questionnaire has, before inflating any', async () => {
    const many = zip([
      ...Object.entries(questionnaireParts()).map(([name, body]) => ({ name, body })),
      ...Array.from({ length: 1_000 }, (_, i) => ({ name: `xl/x${i}.xml`, body: '<x/>' })),
    ])
    await expect(inspectXlsx(many)).rejects.toMatchObject({ statusCode: 422, message: 'The workbook has too many parts to be a questionnaire' })
  })

  it('accepts the harmless questionnaire the hostile ones are built from', async () => {
    await expect(inspectXlsx(questionnaire())).resolves.toBeUndefined()
    const grid = await readWorkbook(questionnaire())
    expect(grid.sheets[0]!.rows.map((r) => r[0])).toEqual(['ID', 'ENC-01', 'ACC-01', 'LOG-01'])
  })
})

describe('DTDs in any part, in any encoding', () => {
  const declarations = 'The workbook contains XML declarations that are not allowed'
  it.each([
    ['UTF-16 LE with a BOM', () => hostile.doctypeIn('utf16le', { bom: true })],
    ['UTF-16 BE with a BOM', () => hostile.doctypeIn('utf16be', { bom: true })],
    ['UTF-16 LE without a BOM', () => hostile.doctypeIn('utf16le')],
    ['UTF-16 BE without a BOM, encoding="UTF-16" declared', () => hostile.doctypeIn('utf16be', { declare: 'UTF-16' })],
    ['UTF-8 with a BOM', () => hostile.doctypeIn('utf8', { bom: true, declare: 'UTF-8' })],
    ['after the first 4 KB of the part', () => hostile.doctypeAfter(5_000)],
    ['after the first 1 MB of the part', () => hostile.doctypeAfter(1_000_000)],
    ['billion laughs', () => hostile.billionLaughs()],
    ['in a part that is not named .xml', () => questionnaire({ 'xl/worksheets/sheet9.bin': '<!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>' })],
  ])('%s: 422', async (_name, make) => {
    await expect(inspectXlsx(make())).rejects.toMatchObject({ statusCode: 422, message: declarations })
  })

  it('refuses encodings in which "<!DOCTYPE" could be spelled with other bytes (UTF-7, EBCDIC)', async () => {
    const utf7 = questionnaire({
      'xl/sharedStrings.xml': '<?xml version="1.0" encoding="UTF-7"?>+ADw-!DOCTYPE sst +AFs-+ADw-!ENTITY a +ACI-b+ACI-+AD4-+AF0-+AD4-<sst/>',
    })
    const ebcdic = questionnaire({ 'xl/sharedStrings.xml': Buffer.from([0x4c, 0x6f, 0xa7, 0x94, 0x93, 0x40]) })
    for (const file of [utf7, ebcdic]) {
      await expect(inspectXlsx(file)).rejects.toMatchObject({ statusCode: 422, message: 'The workbook contains XML in a text encoding that is not accepted' })
    }
  })

  it('accepts the encodings real workbooks use, declared or not', async () => {
    const sst = '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>é &lt;!DOCTYPE is text here</t></si></sst>'
    for (const [encoding, declare] of [
      ['utf8', 'UTF-8'],
      ['utf16le', 'UTF-16'],
      ['utf16be', 'utf-16'],
      ['utf8', 'windows-1252'],
    ] as const) {
      const part = encode(`<?xml version="1.0" encoding="${declare}"?>${sst}`, encoding, encoding !== 'utf8')
      await expect(inspectXlsx(questionnaire({ 'xl/sharedStrings.xml': part }))).resolves.toBeUndefined()
    }
  })
})

describe('the streaming markup check', () => {
  const doc = '<?xml version="1.0"?><!-- a comment --><!DOCTYPE x [<!ENTITY e SYSTEM "http://canary.example/">]><x>&e;</x>'
  const widths: [string, (s: string) => Buffer][] = [
    ['UTF-8', (s) => Buffer.from(s, 'utf8')],
    ['UTF-16 LE', (s) => Buffer.from(s, 'utf16le')],
    ['UTF-16 BE', (s) => Buffer.from(s, 'utf16le').swap16()],
    ['UTF-32 LE', (s) => Buffer.concat([...s].map((ch) => Buffer.from([ch.charCodeAt(0), 0, 0, 0])))],
  ]
  it.each(widths)('finds "<!DOCTYPE" in %s however the stream is cut into chunks', (_name, bytesOf) => {
    const bytes = bytesOf(doc)
    for (let cut = 1; cut < bytes.length; cut++) {
      const guard = new MarkupGuard()
      expect(() => {
        guard.push(bytes.subarray(0, cut))
        guard.push(bytes.subarray(cut))
        guard.end()
      }).toThrow('The workbook contains XML declarations that are not allowed')
    }
    // One byte at a time: the carried bytes join every chunk to the next.
    const guard = new MarkupGuard()
    expect(() => {
      for (const b of bytes) guard.push(Buffer.from([b]))
    }).toThrow('The workbook contains XML declarations that are not allowed')
  })

  it('lets through comments, CDATA and processing instructions', () => {
    const guard = new MarkupGuard()
    guard.push(Buffer.from('<?xml version="1.0" encoding="UTF-8"?><!-- note --><x><![CDATA[a < b]]><?pi data?></x>'))
    expect(() => guard.end()).not.toThrow()
  })
})
