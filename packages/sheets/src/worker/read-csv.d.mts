// Types of read-csv.mjs for TypeScript callers (fixture builders, tests).
export declare const csvMessages: { notText: string; noTable: string; tooLarge: string }
export declare function parseCsv(
  text: string,
  delimiter: string,
  limits: { maxRows: number; maxCols: number; maxCell: number; maxCells?: number; maxChars?: number },
): string[][]
export declare function delimiterOf(text: string): string | undefined
export declare function checkCsv(buf: Buffer): { text: string; delimiter: string }
export declare function readCsv(buf: Buffer, limits: import('./read-grid.mjs').GridLimits): import('./read-grid.mjs').Grid
