// @ts-check
// The workbook's sheet list as its XML parts declare it: names (in order), hidden state, and the
// part that holds each sheet. Shared by reading (read-grid.mjs) and writing (write-cells.mjs).
import { decodeXml } from './shared.mjs'

/** @typedef {{ name: string, hidden: boolean, path: string | undefined }} SheetPart */

/**
 * @param {string} workbookXml xl/workbook.xml
 * @param {string} relsXml xl/_rels/workbook.xml.rels
 * @returns {SheetPart[]}
 */
export function sheetParts(workbookXml, relsXml) {
  /** @type {Map<string, string>} */
  const rels = new Map()
  for (const m of relsXml.matchAll(/<Relationship\b([^>]*)\/?>/g)) {
    const id = /\bId="([^"]+)"/.exec(m[1] ?? '')?.[1]
    const target = /\bTarget="([^"]+)"/.exec(m[1] ?? '')?.[1]
    // Targets are relative to xl/, or absolute from the package root.
    if (id && target) rels.set(id, target.startsWith('/') ? target.slice(1) : `xl/${target}`)
  }
  return [...workbookXml.matchAll(/<sheet\b([^>]*)\/?>/g)].map((m) => {
    const attrs = m[1] ?? ''
    const rid = /\br:id="([^"]+)"/.exec(attrs)?.[1]
    return {
      name: decodeXml(/\bname="([^"]*)"/.exec(attrs)?.[1] ?? ''),
      hidden: /\bstate="(hidden|veryHidden)"/.test(attrs),
      path: rid ? rels.get(rid) : undefined,
    }
  })
}
