// Labels of the SOC 2 policy PDF: each page's running header names its policy,
// e.g. "ACCESS CONTROL POLICY (AC-POL-001)" or "INCIDENT RESPONSE PLAN (IRP) ([RES-PROC-001])".
import { readFile } from 'node:fs/promises'

export const policyOfPage = (text: string): string | undefined => /\(\[?([A-Z]{2,4}-(?:POL|PROC|SUP)-\d{3})\]?\)/.exec(text.split('\n')[0] ?? '')?.[1]

export interface LabelledQuestion {
  q: string
  policies: string[]
}

export async function labelledQuestions(): Promise<LabelledQuestion[]> {
  const file = new URL('../fixtures/retrieval-labelled.json', import.meta.url)
  return (JSON.parse(await readFile(file, 'utf8')) as { items: LabelledQuestion[] }).items
}
