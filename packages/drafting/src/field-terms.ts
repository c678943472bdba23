// The security field's abbreviations and synonyms, as one token each: a question that says
// "multi-factor authentication" and a passage that says "MFA" share the word, and so do "backed up"
// and "backups", "segregated" and "isolated". Word-level rules (the answer library's likeness, the
// offline drafter's coverage, the model path's grounding) compare texts through it. Terms only where
// the field uses them interchangeably; never a frequency or a scope ("annually" is not "regularly").
const TERMS: [RegExp, string][] = [
  [/\b(?:multi[- ]?factor|two[- ]factor|2[- ]?factor|2fa|mfa)(?: authentication)?\b/g, 'mfa'],
  [/\bsingle[- ]sign[- ]on\b|\bsso\b/g, 'sso'],
  [/\bdisaster[- ]recovery\b|\bdr\b(?= (?:plan|site|test|exercise|strategy))/g, 'disasterrecovery'],
  [/\bbusiness[- ]continuity(?: plan(?:ning)?)?\b|\bbcp\b/g, 'businesscontinuity'],
  [/\brole[- ]based access(?: control)?\b|\brbac\b/g, 'rbac'],
  [/\bdata loss prevention\b|\bdlp\b/g, 'dlp'],
  [/\bsecurity information and event management\b|\bsiem\b/g, 'siem'],
  [/\bendpoint detection and response\b|\bedr\b/g, 'edr'],
  [/\bpenetration[- ]test(?:s|ing)?\b|\bpen[- ]?test(?:s|ing)?\b/g, 'pentest'],
  [/\bvirtual private network\b|\bvpn\b/g, 'vpn'],
  [/\btransport layer security\b|\bssl\/tls\b|\btls\b/g, 'tls'],
  [/\bleast[- ]privilege\b/g, 'leastprivilege'],
  [/\bpersonally identifiable information\b|\bpii\b/g, 'pii'],
  [/\bkey management (?:service|system)\b|\bkms\b/g, 'kms'],
  [/\bhardware security modules?\b|\bhsms?\b/g, 'hsm'],
  [/\bbacked up\b|\bback(?:ing)? up\b|\bbackups?\b/g, 'backup'],
  [/\badmin(?:istrator|istrative|s)?\b/g, 'admin'],
  [/\b(?:segregat|isolat)(?:ed|es|e|ion|ing)\b|\bseparat(?:ed|es|e|ion|ing)\b/g, 'separated'],
  [/\bnon[- ]production\b|\bdev(?:elopment)?(?: and | or |, )?(?:test(?:ing)?|staging)\b/g, 'nonproduction'],
  [/\bdev(?:elopment)?\b|\bstaging\b|\btest environments?\b/g, 'nonproduction'],
  [/\bencryption\b|\bencrypt(?:s|ed|ing)?\b/g, 'encrypt'],
  [/\bpre-?employment screening\b|\bbackground (?:checks?|screening|investigations?)\b/g, 'backgroundcheck'],
]

/** The text, lower case, with the field's terms as their one token each. */
export function withFieldTerms(lower: string): string {
  let out = lower
  for (const [re, token] of TERMS) out = out.replace(re, ` ${token} `)
  return out
}
