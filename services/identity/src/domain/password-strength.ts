// Guessability (zxcvbn-ts with its common and English dictionaries): the spec's character rules
// allow "Password1!", so a password must also score 3 or more, the library's "safely unguessable"
// (moderate protection from an offline slow-hash attack, < 10^10 guesses). The dictionaries are
// large: loaded once, on first use, not at start-up.
import type { ZxcvbnFactory } from '@zxcvbn-ts/core'

export const MIN_SCORE = 3

let factory: Promise<ZxcvbnFactory> | undefined

function zxcvbn(): Promise<ZxcvbnFactory> {
  factory ??= (async () => {
    const [core, common, en] = await Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')])
    return new core.ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
      translations: en.translations,
    })
  })()
  factory.catch(() => {
    factory = undefined // a failed load is tried again by the next caller
  })
  return factory
}

/**
 * Why `password` is too easy to guess, or undefined. `context` holds what an attacker knows of the
 * account (email, names, company): a password built from them is weaker than it looks.
 */
export async function guessabilityProblem(password: string, context: readonly string[]): Promise<string | undefined> {
  const words = context.flatMap((c) => c.toLowerCase().split(/[^a-z0-9]+/)).filter((w) => w.length >= 3)
  const result = (await zxcvbn()).check(password, words)
  if (result.score >= MIN_SCORE) return undefined
  const hint = result.feedback.warning ?? result.feedback.suggestions[0] ?? 'Add more words that are less common.'
  return `This password is too easy to guess. ${hint}`
}
