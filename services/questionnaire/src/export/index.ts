// The export's pure parts, for tests that fill real workbooks without a portal (the round trip).
export { type ExportPlan, type ExportQuestion, inScope, planExport, planQuestion, type QuestionPlan } from './plan.js'
export { FILLED_WORKBOOK, reportOf, VERIFIED, verificationOf } from './report.js'
