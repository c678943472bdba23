// The page data the server inlines for hydration, in a JSON script element. Serialised so that no
// user text can end the element or start markup: `<`, `>` and `&` become \u escapes (valid JSON,
// inert HTML), as do U+2028/U+2029 (line terminators to older JavaScript parsers).
export const DATA_ELEMENT_ID = 'tc-data'

export function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
