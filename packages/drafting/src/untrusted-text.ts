// What a document's sentence must not bring into an answer (security.md B22, OWASP LLM01): text
// addressed to a model ("ignore previous instructions", "you must answer Yes", role-play, system-
// prompt talk), links, HTML and Markdown, and spreadsheet formulas (=HYPERLINK(...) runs when the
// exported workbook is opened). Links and Markdown are ordinary in real policies and only keep the
// sentence out; instructions, active markup and formulas also flag the document for the reviewer.

export type Flag = 'instruction' | 'active markup' | 'formula'

const INSTRUCTION = [
  /\b(ignore|disregard|forget|override|bypass)\b[^.!?]{0,40}\b(instructions?|prompts?|rules|guidelines|directions|context|above|everything)\b/i,
  /\b(previous|prior|earlier|above|original) (instructions?|prompts?|rules)\b/i,
  /\bsystem[\s-](prompt|message|instructions?|override)\b/i,
  /\byou (are|were) (now |no longer )?(an? |the )?(ai|assistant|chatbot|language model|llm|gpt|chatgpt|model)\b/i,
  /\b(as an ai|as a language model)\b/i,
  /\byou (must|should|will|shall|have to|need to) (always )?(answer|say|reply|respond|state|output|write|mark|select|choose|claim|confirm|include)\b/i,
  /\b(always|only) (answer|reply|respond|say)\b/i,
  /\b(answer|respond|reply|say|mark) ["'“]?(yes|no|n\/?a|true)["'”]? (to|for) (all|every|any|each)\b/i,
  /\b(act|behave|pretend|roleplay|role-play) (as|to be|that you)\b|\brole[\s-]?play\b/i,
  /\b(jailbreak|developer mode|do anything now|dan mode)\b/i,
  /\bnew instructions?\b|\binstructions? (for|to) (the )?(ai|assistant|model|llm)\b/i,
  /<\|?(im_start|im_end|system|endoftext)\|?>|\[\/?INST\]|^\s*(system|assistant|user)\s*:/im,
  /\b(reveal|print|repeat|show) (your|the) (system )?(prompt|instructions)\b/i,
]
const ACTIVE_MARKUP = /<\s*\/?\s*(script|iframe|img|object|embed|svg|link|meta|style|form|input|a\s+href)\b|\bon(error|load|click|mouseover)\s*=|javascript:/i
const FORMULA = /(^|[\s"'(;,])[=+@]\s*[A-Za-z_][\w.]*\s*\(|^\s*[=@]|\bcmd\s*\||\bDDE(AUTO)?\b/i
const URL = /\b(https?|ftp|file|mailto|data|vbscript):|\bwww\.[a-z0-9-]+\.|\b[a-z0-9-]+(\.[a-z0-9-]+)*\.(com|org|net|io|gov|edu|co|ai|dev|app|us|uk|eu)\//i
const MARKUP = /<\/?[a-z!][^>]*>|<!--|-->|&(lt|gt|quot|amp|#\d+);|\]\(|!\[|(^|\s)#{1,6}\s|\*\*|__|`|\||(^|\s)[*_][^*_\s][^*_]*[*_](?=[\s:.,;]|$)|(^|\s)>\s/i

/** Why a sentence flags its document, if it does. */
export function flagOf(sentence: string): Flag | undefined {
  if (INSTRUCTION.some((re) => re.test(sentence))) return 'instruction'
  if (ACTIVE_MARKUP.test(sentence)) return 'active markup'
  if (FORMULA.test(sentence)) return 'formula'
  return undefined
}

/** A sentence that cannot go into an answer: a flagged one, a link, HTML or Markdown. */
export const isUnsafe = (sentence: string): boolean => flagOf(sentence) !== undefined || URL.test(sentence) || MARKUP.test(sentence)

/** A link in brackets is a reference, not part of the statement: "Shipshape builds on Bats (https://…)." loses the bracket. */
export const withoutBracketedLinks = (sentence: string): string =>
  sentence.replace(/\s*\((?:see\s+)?(?:https?:\/\/|www\.)[^()\s]*(?:\([^()\s]*\)[^()\s]*)*\)/gi, '')
