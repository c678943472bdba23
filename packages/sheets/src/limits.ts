// The bounds of every spreadsheet task. Archive limits follow security.md B12 (entries, ratio) and
// are tighter on unpacked size, because a workbook that passes is parsed: SheetJS needs about six
// times a part's size in memory (measured: a 16 MiB sharedStrings part of short strings takes the
// worker to 125 MiB of heap and 42 MiB of buffers), and the thread's heap limit does not cover
// buffers. Grid limits keep what crosses back to the main thread small; worker limits bound each
// thread's heap and time and how many run at once.

const MiB = 1024 * 1024

/** Questionnaire workbooks: checked at upload, then parsed. The largest real one (HECVAT 4.1.4) unpacks to 6 MiB. */
export const zipLimits = {
  maxEntries: 1_000,
  /** Real bytes inflated, counted while streaming; declared sizes are only an early filter. */
  maxEntryBytes: 32 * MiB,
  maxTotalBytes: 32 * MiB,
  /** Per entry, for entries over 1 MiB unpacked (tiny XML parts compress very well, legitimately). */
  maxRatio: 100,
}

/** Other Office documents (trust-center docx, xlsx, pptx): only checked, never parsed, so the gate is wider. */
export const documentZipLimits = {
  maxEntries: 2_000,
  maxEntryBytes: 100 * MiB,
  maxTotalBytes: 200 * MiB,
  maxRatio: 200,
}

export const gridLimits = {
  maxRows: 20_000,
  maxCols: 200,
  maxCell: 8_000,
  /** The largest real questionnaire (HECVAT 4.1.4) has 107,000 cells and 631,000 characters. */
  maxCells: 1_000_000,
  maxChars: 20_000_000,
  /** Dropdown ranges per sheet (HECVAT has 50). */
  maxValidations: 2_000,
}

export const workerLimits = {
  /** Threads at once, each with its own heap: a few, whatever the load. */
  concurrency: 2,
  /** Tasks waiting for a thread before new ones are turned away (503, try again). */
  maxQueued: 100,
  /** Old generation, and a small young generation (its default semi-spaces add ~100 MiB of RSS under load). */
  memoryMb: 128,
  youngMb: 16,
  timeoutMs: { read: 30_000, write: 30_000 },
}

export interface SheetLimits {
  zip: typeof zipLimits
  grid: typeof gridLimits
  worker: typeof workerLimits
}

export const sheetLimits: SheetLimits = { zip: zipLimits, grid: gridLimits, worker: workerLimits }

/** The trust center's documents: the same checks, with the wider archive gate. */
export const documentLimits: SheetLimits = { ...sheetLimits, zip: documentZipLimits }
