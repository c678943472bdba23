// Types of xml-markup.mjs for TypeScript callers (tests): the module runs in the worker thread.
export declare const markupMessages: { declaration: string; encoding: string }
export declare class MarkupGuard {
  push(chunk: Buffer): void
  end(): void
}
