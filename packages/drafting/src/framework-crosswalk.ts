// Framework ids as knowledge: a CAIQ v3.0.1 question and a CAIQ v4 row on the control CSA maps to it
// (its CCM v4 to v3.0.1 mapping, ccm-crosswalk-data.ts) are candidates for the same ask, though their
// words differ. The two versions share most domain codes with other meanings ("BCR-02" is plan testing
// in v3.0.1, impact analysis in v4), so an id is read in the framework of the file it comes from,
// known by the domains only one version has.
import { CCM_V4_TO_V3 } from './ccm-crosswalk-data.js'

export type Framework = 'caiq-v3' | 'caiq-v4'

/** Domains of one version only (CCM v3.0.1: audit, data security, encryption, governance, mobile; v4 renamed or added them). */
const ONLY: Record<Framework, Set<string>> = {
  'caiq-v3': new Set(['AAC', 'DSI', 'EKM', 'GRM', 'MOS']),
  'caiq-v4': new Set(['A&A', 'CEK', 'DSP', 'GRC', 'LOG', 'UEM']),
}

/** The CCM control of a question id ("A&A-02.1" -> "A&A-02"), as tools write them (case, spaces). */
export function controlOf(ref: string | undefined): string | undefined {
  const m = /^([A-Z&]{3})\s*-\s*(\d{2})(?:\.\d+)?$/.exec((ref ?? '').trim().toUpperCase())
  return m ? `${m[1]}-${m[2]}` : undefined
}

/**
 * The CAIQ version of a file's question ids: the one whose own domains appear, when the other's do not;
 * undefined for other frameworks, or when neither (or both) show.
 */
export function frameworkOf(refs: Iterable<string | undefined>): Framework | undefined {
  const seen = { 'caiq-v3': false, 'caiq-v4': false }
  for (const ref of refs) {
    const domain = controlOf(ref)?.slice(0, 3)
    if (!domain) continue
    if (ONLY['caiq-v3'].has(domain)) seen['caiq-v3'] = true
    if (ONLY['caiq-v4'].has(domain)) seen['caiq-v4'] = true
  }
  if (seen['caiq-v3'] === seen['caiq-v4']) return undefined
  return seen['caiq-v3'] ? 'caiq-v3' : 'caiq-v4'
}

let links: { v3ToV4: Map<string, Set<string>>; v4ToV3: Map<string, Set<string>> } | undefined
function linksOf() {
  if (links) return links
  const v3ToV4 = new Map<string, Set<string>>()
  const v4ToV3 = new Map<string, Set<string>>()
  for (const line of CCM_V4_TO_V3.split('\n')) {
    const [v4, ...v3s] = line.trim().split(' ').filter(Boolean)
    if (!v4) continue
    v4ToV3.set(v4, new Set(v3s))
    for (const v3 of v3s) v3ToV4.set(v3, (v3ToV4.get(v3) ?? new Set()).add(v4))
  }
  links = { v3ToV4, v4ToV3 }
  return links
}

/**
 * The controls of the other CAIQ version that CSA maps to a question id of `from` (v3.0.1 <-> v4), or
 * undefined when its framework is unknown or its control has none.
 */
export function mappedControls(ref: string | undefined, from: Framework | undefined): { framework: Framework; controls: Set<string> } | undefined {
  const control = controlOf(ref)
  if (!from || !control) return undefined
  const { v3ToV4, v4ToV3 } = linksOf()
  const controls = (from === 'caiq-v3' ? v3ToV4 : v4ToV3).get(control)
  return controls?.size ? { framework: from === 'caiq-v3' ? 'caiq-v4' : 'caiq-v3', controls } : undefined
}
