// Types of text-kind.mjs for TypeScript callers.
export declare function decodeText(buf: Uint8Array, options?: { partial?: boolean }): string | undefined
export declare const DELIMITERS: string[]
export declare function looksLikeCsv(head: Uint8Array): boolean
