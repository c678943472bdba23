// The export's pure parts, for tests that fill real workbooks without a portal (the round trip), and
// the filling of a stored workbook, which outbound questionnaires reuse.
export { type ExportPlan, type ExportQuestion, inScope, planExport, planQuestion, type QuestionPlan } from './plan.js'
export { FILLED_WORKBOOK, reportOf, VERIFIED, verificationOf } from './report.js'
export { assertVerified, fillWorkbook } from './workbook.js'
