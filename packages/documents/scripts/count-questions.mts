// Prints how many questions the extractor finds in each workbook given, and how long it takes.
import { readFile } from 'node:fs/promises'
import { findQuestions } from '../src/extract/find-questions.mjs'
import { readWorkbook } from '@portal/sheets'

for (const file of process.argv.slice(2)) {
  const t0 = performance.now()
  const qs = findQuestions(await readWorkbook(await readFile(file)))
  const sheets = [...new Set(qs.map((q) => q.sheet))]
  console.log(
    `${String(qs.length).padStart(4)}  ${Math.round(performance.now() - t0)
      .toString()
      .padStart(
        5,
      )} ms  ${file.split('/').slice(-2).join('/')}  [${sheets.join(', ')}]  answers: ${qs[0]?.answerCells.map((a) => `${a.address}:${a.header.slice(0, 20)}${a.choices ? `(${a.choices.join('/')})` : ''}`).join(' ')}`,
  )
}
