// Compliance documents: PDF → text per page → cited chunks (the ingest-document job's core).
export { type Chunk, chunkPages, chunkSize } from './chunk/chunk-pages.js'
export { extractPdfFile, extractPdfText, type PdfPage, pdfLimits } from './pdf/extract-text.js'
