import { readFile } from 'node:fs/promises'
import { readWorkbook } from '@portal/sheets'
const t0 = performance.now()
const g = await readWorkbook(await readFile(process.argv[2]!))
console.log('read in', Math.round(performance.now() - t0), 'ms', g.format)
const n = Number(process.argv[3] ?? 8)
for (const s of g.sheets) {
  console.log(
    `== ${s.name} hidden=${s.hidden} rows=${s.rows.length} dv=${s.validations.length} ${s.validations
      .slice(0, 2)
      .map((v) => `${v.col}:${v.fromRow}-${v.toRow}:${v.choices.join('/')}`)
      .join(' ')}`,
  )
  let shown = 0
  for (let r = 0; r < s.rows.length && shown < n; r++) {
    const cells = (s.rows[r] ?? []).map((t, c) => (t ? `${c}:${t.replace(/\s+/g, ' ').slice(0, 45)}` : '')).filter(Boolean)
    if (cells.length) {
      shown++
      console.log(r, cells.slice(0, 7).join(' | '))
    }
  }
}
