// findQaPairs on the text pdf.js really gives: public vendors' Markdown documents printed to PDF as
// plain text (the way the quality set prints the cloud.gov policies), a PDF whose table columns are
// laid out by position, and the labelled set (tests/fixtures/policies/qa-pairs-labelled.json), whose
// precision and recall are measured on its tuning half and its held-out half.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from '@jest/globals'
import { pdfFromContentStreams, pdfString } from '@portal/pdf-writer'
import { plainTextPdf } from '../../../tests/quality/corpora.js'
import { extractPdfText } from '../src/pdf/extract-text.js'
import { choiceOf, findQaPairs, type QaPair } from '../src/qa-pairs.js'

const POLICIES = path.resolve(import.meta.dirname, '../../../tests/fixtures/policies')

const printed = async (file: string) => extractPdfText(plainTextPdf(await readFile(path.join(POLICIES, file), 'utf8')))

/** Printing turns quotes into curly ones and dashes into "?": compare words only. */
const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/<\/?[a-z][^>]*>/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()

interface Labelled {
  documents: { file: string; half: 'tuning' | 'held-out'; pairs: { page: number; question: string; answer: string }[] }[]
}

describe('findQaPairs on printed documents', () => {
  it('reads a Question | Answer table wrapped by printing, and nothing from the tables beside it', async () => {
    const pairs = findQaPairs(await printed('containarium/SECURITY-ENCRYPTION-AT-REST.md'))
    expect(pairs.map((p) => p.question)).toEqual([
      'Is customer data encrypted at rest?',
      'Can customers bring their own keys (BYOK)?',
      'Are keys customer-controlled or vendor-controlled?',
      'Per-tenant encryption keys?',
      'Encryption algorithm?',
      'Key rotation?',
      'What about backups?',
      'Are memory or swap encrypted?',
      "What's not encrypted?",
    ])
    // The first row's answer went on to the next printed line: it is whole, and says Yes.
    expect(pairs[0]).toMatchObject({
      page: 4,
      choice: 'yes',
      answer: 'Yes when deployed on GCP (default Google-managed keys on persistent disks). On bare-metal, depends on operator-configured disk encryption.',
    })
    expect(pairs[7]).toMatchObject({ answer: 'No. At-rest scope is cold disk only.', choice: 'no' })
    // "Not in OSS" opens with "Not", not with a No: no choice.
    expect(pairs[3]!.choice).toBeUndefined()
  })

  it('joins a question heading printed over two heading lines and takes the text under it', async () => {
    const pairs = findQaPairs(await printed('containarium/security_SECURITY-FAQ.md'))
    expect(pairs[0]).toMatchObject({
      page: 1,
      question: 'Does Containarium isolate tenants with a hypervisor, like a microVM platform (Firecracker/KVM) or Xen?',
      choice: 'no',
    })
    expect(pairs[0]!.answer).toMatch(/^No\. Containarium runs tenant workloads as Incus\/LXC system containers/)
    // The answer runs to the next heading, over a page break.
    expect(pairs[2]!.answer).toMatch(/because root on the host owns everything\.$/)
    expect(pairs).toHaveLength(7)
  })

  it('reads "### Q:" headings with "**A: NO!**" answers, and no code comment as a heading', async () => {
    const pairs = findQaPairs(await printed('containarium/DEPLOYMENT-GUIDE.md'))
    expect(pairs.map((p) => [p.question, p.choice])).toEqual([
      ['Do I need to create LXC containers manually?', 'no'],
      ['Do I need to install Incus manually?', 'no'],
      ['Do I need to copy the binary every time?', 'no'],
      ['What if I update the containarium code?', undefined],
      ['Can I automate the binary deployment?', 'yes'],
    ])
    expect(pairs[0]!.answer).toMatch(/^NO! The `containarium create` command does it all automatically\./)
  })

  it('reads a quoted "> Q:" / "> A" pair in a policy and ends the answer with its paragraph', async () => {
    const pairs = findQaPairs(await printed('cloudgov_18f_compliance_docs/AU-Policy.md'))
    expect(pairs).toHaveLength(1)
    expect(pairs[0]).toMatchObject({
      page: 5,
      question: 'Can an agency drop events which it deems irrelevant to incident detection or response?',
      choice: 'yes',
    })
    expect(pairs[0]!.answer).not.toMatch(/WAF/)
  })

  it('finds nothing in control matrices, checklists, version tables and numbered policy headings', async () => {
    for (const file of [
      'containarium/ISO27001-COMPLIANCE.md',
      'containarium/SECURITY-CHECKLIST.md',
      'cloudgov_18f_compliance_docs/AC-Policy.md',
      'cloudgov_18f_compliance_docs/PS-Policy.md',
    ]) {
      expect([file, findQaPairs(await printed(file))]).toEqual([file, []])
    }
    // A roles table, a revision history and a blank questionnaire template, as Markdown tables print.
    const table = [
      '| Role | Responsibility |',
      '|---|---|',
      '| Who approves access? | The system owner |',
      '| Version | Date | Change |',
      '|---|---|---|',
      '| 1.2 | 2024-01-02 | Is the policy reviewed? added |',
      '| Question | Answer |',
      '|---|---|',
      '| Is data encrypted at rest? | Yes/No/Partial |',
      '| Do you run penetration tests? | [Yes/No] |',
      '## 1. Purpose',
      'This policy states the rules.',
    ].join('\n')
    expect(findQaPairs([{ page: 1, text: table }])).toEqual([])
  })

  it('reads a PDF table whose columns are laid out by position (pdf.js joins them with a space)', async () => {
    const rows: [string, string][] = [
      ['Question', 'Answer'],
      ['Is customer data encrypted at rest?', 'Yes. AES-256 on every disk,'],
      ['', 'keys held in the cloud KMS.'],
      ['Do you run penetration tests?', 'Yes, yearly, by a third party.'],
      ['Is there a bug bounty?', 'No.'],
    ]
    const ops = ['BT', '/F1 10 Tf']
    rows.forEach(([q, a], i) => {
      ops.push(`1 0 0 1 50 ${780 - i * 14} Tm`, `${pdfString(q)} Tj`, `1 0 0 1 320 ${780 - i * 14} Tm`, `${pdfString(a)} Tj`)
    })
    ops.push('ET', 'BT /F1 10 Tf 1 0 0 1 50 600 Tm (Access is reviewed every quarter by the security team.) Tj ET')
    const pages = await extractPdfText(pdfFromContentStreams([ops.join('\n')]))
    const pairs = findQaPairs(pages)
    expect(pairs.slice(0, 3)).toEqual([
      { page: 1, question: 'Is customer data encrypted at rest?', answer: 'Yes. AES-256 on every disk, keys held in the cloud KMS.', choice: 'yes' },
      { page: 1, question: 'Do you run penetration tests?', answer: 'Yes, yearly, by a third party.', choice: 'yes' },
      { page: 1, question: 'Is there a bug bounty?', answer: expect.stringMatching(/^No\./) as unknown as string, choice: 'no' },
    ])
  })

  it('reads a run of plain question lines each followed by its answer paragraph (a PDF FAQ whose bold is gone)', async () => {
    const md = (await readFile(path.join(POLICIES, 'basecamp_37signals/markdown/privacy_safe-harbor-questions.md'), 'utf8')).replace(/^#+ /gm, '')
    const pairs = findQaPairs(await extractPdfText(plainTextPdf(md)))
    expect(pairs.map((p) => p.question)).toEqual([
      'What is Safe Harbor?',
      'Where does Basecamp keep my data?',
      'I heard there were changes to Safe Harbor. What happened to Safe Harbor?',
      'What does this mean to me as a Basecamp customer?',
      'Where can I find additional information about Basecamp security?',
      "What's Basecamp's stance on Privacy Shield and Safe Harbor?",
      'Is my data safe on Basecamp?',
    ])
    expect(pairs[6]).toMatchObject({ choice: 'yes' })
    // One rhetorical question in prose is no FAQ.
    expect(findQaPairs([{ page: 1, text: 'We log every change.\nWhy does this matter?\nBecause auditors ask for it.' }])).toEqual([])
  })

  it('reads quoted bold question lines under topic headings, each answer up to the next question or heading', async () => {
    const pairs = findQaPairs(await printed('langfuse/security-faq.md'))
    expect(pairs).toHaveLength(24)
    expect(pairs[0]).toEqual({
      page: 1,
      question: 'How is data encrypted in transit and at rest?',
      // Two printed lines joined, the Markdown links read as their words.
      answer: expect.stringMatching(
        /^TLS 1\.2\+ protects traffic; .* See encryption documentation and self-hosted encryption for more details\.$/,
      ) as unknown as string,
    })
    // The answer before "## Compliance & Certifications" stops at it.
    expect(pairs[5]).toMatchObject({ question: 'Can customers pin data to specific regions?', choice: 'yes' })
    expect(pairs[5]!.answer).not.toMatch(/Compliance/)
    expect(pairs[21]).toMatchObject({ question: 'Is prompt/trace data ever used for benchmarking or training?', choice: 'no' })
  })

  it('reads bold questions in other forms: wrapped over two lines, an answer on the same line, a bold label inside an answer', () => {
    const text = [
      '## FAQ',
      '**How often are third-party penetration tests performed by an independent firm, and are the',
      'results shared with customers under NDA?**',
      'Every year, by an accredited firm.',
      '**Note:** the summary is shared under NDA.',
      '__Do you support SSO__',
      'Yes, SAML and OIDC.',
      '**Is my data encrypted?** Yes, with AES-256 at rest.',
      'Keys rotate yearly.',
      '---',
      'Unrelated closing text.',
    ].join('\n')
    expect(findQaPairs([{ page: 2, text }])).toEqual([
      {
        page: 2,
        question: 'How often are third-party penetration tests performed by an independent firm, and are the results shared with customers under NDA?',
        answer: 'Every year, by an accredited firm. Note: the summary is shared under NDA.',
      },
      { page: 2, question: 'Do you support SSO', answer: 'Yes, SAML and OIDC.', choice: 'yes' },
      { page: 2, question: 'Is my data encrypted?', answer: 'Yes, with AES-256 at rest. Keys rotate yearly.', choice: 'yes' },
    ])
  })

  it('reads <details><summary> FAQ blocks, and no block whose summary asks nothing', async () => {
    const pairs = findQaPairs(await printed('faq_layouts/oceanprotocol_faq.md'))
    expect(pairs).toHaveLength(36)
    expect(pairs[5]).toEqual({ page: 2, question: 'What is the total supply of OCEAN?', answer: '1.41 Billion OCEAN.' })
    const text = [
      '<details><summary>Can I self-host it?</summary>Yes, with Docker.</details>',
      '<details>',
      '<summary>Example output</summary>',
      'Is this a question? No, it is output.',
      '</details>',
      '<details><summary>**Where is data stored?**</summary>',
      '<p>In the EU region.</p>',
      '</details>',
      'After the block.',
    ].join('\n')
    expect(findQaPairs([{ page: 1, text }])).toEqual([
      { page: 1, question: 'Can I self-host it?', answer: 'Yes, with Docker.', choice: 'yes' },
      { page: 1, question: 'Where is data stored?', answer: 'In the EU region.' },
    ])
  })

  it('reads an HTML table with Question and Answer headers, and nothing from an HTML table without a question column', () => {
    const text = [
      '<table>',
      '<thead><tr><th>#</th><th>Question</th><th>Answer</th></tr></thead>',
      '<tbody>',
      '<tr><td>1</td><td>Is data encrypted at rest?</td><td>Yes, AES-256.</td></tr>',
      '<tr>',
      '<td>2</td>',
      '<td>Do you run <strong>penetration tests</strong>?</td>',
      '<td>Yes, every year,',
      'by a third party.</td>',
      '</tr>',
      '<tr><td>3</td><td>Version</td><td>2.1</td></tr>',
      '</tbody></table>',
      '<table><tr><th>Role</th><th>Responsibility</th></tr><tr><td>Who approves access?</td><td>The system owner</td></tr></table>',
    ].join('\n')
    expect(findQaPairs([{ page: 3, text }])).toEqual([
      { page: 3, question: 'Is data encrypted at rest?', answer: 'Yes, AES-256.', choice: 'yes' },
      { page: 3, question: 'Do you run penetration tests?', answer: 'Yes, every year, by a third party.', choice: 'yes' },
    ])
  })

  it('takes no pair from bold labels, bold statements, headings that ask nothing, or a list of questions to ask', () => {
    const text = [
      '**Note:**',
      'Access is reviewed every quarter.',
      '**All customer data is encrypted at rest.**',
      '**Is treated as immutable by all code.**',
      'The level property.',
      'We use AES-256 everywhere.',
      '**What we collect**',
      'Names and email addresses.',
      '**Requirements:**',
      '- Node 24',
      '**Got a question?** Join us on the mailing list.',
      '> **Interested in sponsoring?** Get in touch',
      'Send these questions to your vendor:',
      '1. **Is my data encrypted in transit and at rest?** In transit means while it moves.',
      '2. **Do you have a current SOC 2 report?** SOC 2 is an independent review.',
    ].join('\n')
    expect(findQaPairs([{ page: 1, text }])).toEqual([])
  })

  it('stays bounded on hostile text: no pair from a line no page prints, at most 5,000 per document', () => {
    expect(findQaPairs([{ page: 1, text: `| Question | Answer |\n|---|---|\n| Is it kept? | ${'Yes '.repeat(1000)}|` }])).toEqual([])
    const rows = findQaPairs([{ page: 1, text: `Question Answer\n${'Is it kept? Yes, for a year.\n'.repeat(20_000)}` }])
    expect(rows).toHaveLength(5000)
    expect(rows[4999]).toEqual({ page: 1, question: 'Is it kept?', answer: 'Yes, for a year.', choice: 'yes' })
  })

  it('takes Yes, No and N/A only when the answer opens with them', () => {
    expect(
      ['Yes', 'YES! Add it', 'No.', 'NO! Only once', 'No (see below)', 'N/A', 'Not applicable to us', 'No fixed timeline', 'Not in OSS', 'Nobody'].map(
        choiceOf,
      ),
    ).toEqual(['yes', 'yes', 'no', 'no', 'no', 'na', 'na', undefined, undefined, undefined])
  })
})

describe('findQaPairs on the labelled set', () => {
  it('finds the pairs a person reads, precision at least 0.95 on both halves', async () => {
    const labelled = JSON.parse(await readFile(path.join(POLICIES, 'qa-pairs-labelled.json'), 'utf8')) as Labelled
    const score = { tuning: { found: 0, right: 0, truth: 0 }, 'held-out': { found: 0, right: 0, truth: 0 } }
    const misses: string[] = []
    for (const doc of labelled.documents) {
      const found: QaPair[] = findQaPairs(await printed(doc.file))
      const s = score[doc.half]
      s.found += found.length
      s.truth += doc.pairs.length
      const open = [...doc.pairs]
      for (const f of found) {
        // Answers compare without spaces: pdf.js may split a word ("O n Oct 6") where the printed line has markup.
        const at = open.findIndex(
          (l) => l.page === f.page && norm(l.question) === norm(f.question) && norm(f.answer).replace(/ /g, '').startsWith(norm(l.answer).replace(/ /g, '')),
        )
        if (at >= 0) {
          s.right++
          open.splice(at, 1)
        } else misses.push(`${doc.file}: found p${f.page} "${f.question}"`)
      }
      for (const l of open) misses.push(`${doc.file}: missed p${l.page} "${l.question}"`)
    }
    const figures = Object.fromEntries(
      Object.entries(score).map(([half, s]) => [half, { ...s, precision: s.right / Math.max(1, s.found), recall: s.right / Math.max(1, s.truth) }]),
    )
    console.log(`qa pairs: ${JSON.stringify(figures)}${misses.length ? `\n${misses.join('\n')}` : ''}`)
    expect(score.tuning.truth).toBeGreaterThan(10)
    expect(score['held-out'].truth).toBeGreaterThan(10)
    expect(figures['tuning']!.precision).toBeGreaterThanOrEqual(0.95)
    expect(figures['held-out']!.precision).toBeGreaterThanOrEqual(0.95)
    expect(figures['tuning']!.recall).toBeGreaterThanOrEqual(0.9)
    expect(figures['held-out']!.recall).toBeGreaterThanOrEqual(0.8)
  })
})
