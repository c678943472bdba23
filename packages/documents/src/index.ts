// What customers upload, read off the event loop: a PDF checked and its text per page (pdf.js in a
// worker thread), and the questions of a questionnaire, from a workbook (the spreadsheet worker) or
// a PDF; a document's pages cut into the chunks the knowledge index cites; and the customer's own
// workbook given back with the answers written in. Shared by every service that takes files: the ingest-worker's jobs, the upload checks of
// the questionnaire, trust-center and outbound services, and outbound's extraction.
export { type Chunk, chunkPages, chunkSize } from './chunk-pages.js'
export { type AnswerCell, a1, findQuestions, type FoundQuestion, isQuestionShaped } from './extract/index.js'
export { findPdfQuestions } from './extract/pdf-questions.js'
export { assertVerified, fillWorkbook } from './export/fill-workbook.js'
export { type ExportPlan, type ExportQuestion, inScope, planExport, planQuestion, type QuestionPlan } from './export/plan.js'
export { FILLED_MACRO_WORKBOOK, FILLED_WORKBOOK, reportOf, VERIFIED, verificationOf } from './export/report.js'
export { withLocalCopy } from './local-copy.js'
export { choiceOf, findQaPairs, type QaPair } from './qa-pairs.js'
export { checkPdfFile } from './pdf/check-pdf.js'
export { extractPdfFile, extractPdfText, type PdfPage, pdfLimits } from './pdf/extract-text.js'
export {
  ANSWERED_FORMATS,
  type AnsweredRow,
  type AnsweredRows,
  type ReadQuestionnaire,
  readAnsweredRows,
  readQuestionnaire,
  readQuestions,
} from './questions/read-questions.js'
export { CHECK_BELOW } from './extract/read-layout.mjs'
export { checkMapping, GRID_FORMATS, layoutReply, NO_QUESTIONS_WITH_MAPPING } from './questions/layout-mapping.js'
export type { LayoutColumns, LayoutMapping, QuestionnaireLayout, ReadOptions, RememberedLayout } from './extract/read-layout.mjs'
