// @ts-check
// Runs inside a pooled worker thread, one task at a time (../run-in-worker.ts gives it a memory
// limit and a timeout; a task over time ends its thread). Plain JavaScript so it loads the same
// under tsx, jest and a bare node. Every spreadsheet read and write of the portal happens here,
// never on the thread that answers requests.
import { SheetError } from './sheet-error.mjs'

/** Structured clone turns Buffers into plain Uint8Arrays. @param {Uint8Array} u8 */
const buffer = (u8) => Buffer.from(u8.buffer, u8.byteOffset, u8.byteLength)

/** Each task loads only the code it needs (exceljs alone takes half a second to load). @param {any} task */
async function perform(task) {
  const { limits } = task
  switch (task.kind) {
    case 'inspect': {
      const { scanZip } = await import('./scan-zip.mjs')
      // A questionnaire may carry its customer's macros (.xlsm): kept as an opaque part, never run.
      const source = task.path ? { path: String(task.path) } : buffer(task.bytes)
      const { xmlParts, workbook } = await scanZip(source, limits.zip, { macros: task.macros === true })
      return { xmlParts, workbook }
    }
    case 'inspect-csv': {
      // A CSV questionnaire, checked whole at upload: text, one delimiter throughout, the grid limits.
      const [{ readCsv }, { readFile }] = await Promise.all([import('./read-csv.mjs'), import('node:fs/promises')])
      const { sheets } = readCsv(task.path ? await readFile(String(task.path)) : buffer(task.bytes), limits.grid)
      return { rows: sheets[0]?.rows.length ?? 0 }
    }
    case 'read': {
      const { readGrid } = await import('./read-grid.mjs')
      return readGrid(buffer(task.bytes), limits)
    }
    case 'analyse': {
      // A pure function of the grid, from our own code (an extraction step), run on this thread so
      // only its small result crosses back.
      const [{ readGrid }, module] = await Promise.all([import('./read-grid.mjs'), import(task.module)])
      const analyser = module[task.name]
      if (typeof analyser !== 'function') throw new Error(`no analyser ${task.name} in ${task.module}`)
      return analyser(await readGrid(buffer(task.bytes), limits), task.arg)
    }
    case 'xls-to-xlsx': {
      const { xlsToXlsx } = await import('./read-grid.mjs')
      return xlsToXlsx(buffer(task.bytes), limits.grid)
    }
    case 'write-cells': {
      const { writeCells } = await import('./write-cells.mjs')
      return writeCells(buffer(task.bytes), task.writes, limits.zip)
    }
    case 'compare-workbooks': {
      const { compareWorkbooks } = await import('./compare-workbooks.mjs')
      return compareWorkbooks(buffer(task.before), buffer(task.after), task.writes, limits.zip, task.questions)
    }
    case 'questions-workbook': {
      const { buildQuestionsWorkbook } = await import('./questions-workbook.mjs')
      return buildQuestionsWorkbook(task.rows, task.sheetName)
    }
    default:
      throw new Error(`unknown task ${task.kind}`)
  }
}

/** A result buffer that owns its memory is handed over rather than copied. @param {any} reply */
export function transfer(reply) {
  const result = reply?.result
  return result instanceof Uint8Array && result.byteOffset === 0 && result.byteLength === result.buffer.byteLength ? [result.buffer] : []
}

/** One task's reply; a refusal carries its words, anything else is described by the runner, for the task it ran. @param {any} task */
export default async function runTask(task) {
  try {
    return { ok: true, result: await perform(task) }
  } catch (err) {
    return err instanceof SheetError
      ? { ok: false, code: err.code, message: err.message }
      : { ok: false, detail: String(/** @type {Error} */ (err)?.message ?? err).slice(0, 300) }
  }
}
