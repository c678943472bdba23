// Spreadsheets from untrusted uploads: read safely as text grids (.xlsx and legacy .xls), and
// write answers back into the customer's own .xlsx touching nothing but the answer cells.
export { cleanText, type Grid, gridLimits, readWorkbook, type Sheet, spreadsheetKind, type Validation, xlsToXlsx } from './grid.js'
export { type AnsweredQuestion, buildQuestionsWorkbook } from './questions-workbook.js'
export { writeCells, neutralise, type CellWrites } from './write-cells.js'
export { columnLetters } from './workbook-parts.js'
export { inspectXlsx, zipLimits } from './zip-guard.js'
