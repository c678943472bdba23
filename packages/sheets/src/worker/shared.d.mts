// Types of shared.mjs for TypeScript callers (the module is plain JavaScript so worker threads load it).
export declare function spreadsheetKind(buf: Uint8Array): 'xlsx' | 'xls' | undefined
export declare function columnLetters(column: number): string
export declare function neutralise(text: string): string
export declare function cleanText(raw: string, maxCell?: number): string
export declare function decodeXml(s: string): string
