// Issue 25: "- " and "* " bullets after a line of text are a list on the public page, as the editor's
// hint promises, for content the editor saves now and for content saved before; built as elements.
import { describe, expect, it } from '@jest/globals'
import { render } from '@testing-library/react'
import { htmlToMarkup, markupToHtml } from '../src/features/trust-center/components/rich-text-editor'
import { RichText } from '../src/public-trust/rich-text'

const shape = (el: Element): unknown =>
  Array.from(el.childNodes, (n) => (n.nodeType === Node.TEXT_NODE ? n.textContent : [(n as Element).tagName.toLowerCase(), shape(n as Element)]))

describe('bullets in rich text', () => {
  it('saves "text, then - bullets" as a paragraph and a list', () => {
    const html = markupToHtml('We protect data:\n- encrypted at rest\n* **audited** yearly\nAsk us anything.')
    expect(html).toBe('<p>We protect data:</p><ul><li>encrypted at rest</li><li><strong>audited</strong> yearly</li></ul><p>Ask us anything.</p>')
    expect(htmlToMarkup(html)).toBe('We protect data:\n\n- encrypted at rest\n- **audited** yearly\n\nAsk us anything.')
  })

  it('shows bullets saved inside a paragraph (before this fix) as a list on the public page', () => {
    const { container } = render(<RichText html="<p>We protect data:<br>- encrypted at rest<br>- <em>audited</em> yearly<br>Ask us.</p>" />)
    expect(shape(container.firstElementChild!)).toEqual([
      ['p', ['We protect data:']],
      [
        'ul',
        [
          ['li', ['encrypted at rest']],
          ['li', [['em', ['audited']], ' yearly']],
        ],
      ],
      ['p', ['Ask us.']],
    ])
    expect(container.textContent).not.toContain('- ')
  })

  it('reads bullets on line breaks in the text too, and leaves other paragraphs as they are', () => {
    const { container } = render(<RichText html={'<p>Intro\n* one\n* two</p><p>A - B, and 5-10 days</p>'} />)
    expect(shape(container.firstElementChild!)).toEqual([
      ['p', ['Intro']],
      [
        'ul',
        [
          ['li', ['one']],
          ['li', ['two']],
        ],
      ],
      ['p', ['A - B, and 5-10 days']],
    ])
  })

  it('never turns the text of a bullet into markup', () => {
    const html = '<p>Note:<br>- &lt;img src=x onerror=alert(1)&gt;<br>- <a href="javascript:alert(2)">x</a></p>'
    const { container } = render(<RichText html={html} />)
    expect(container.querySelector('img, [onerror], a')).toBeNull()
    expect(container.querySelectorAll('li')[0]?.textContent).toBe('<img src=x onerror=alert(1)>')
    expect(container.innerHTML).toContain('<ul><li>&lt;img src=x onerror=alert(1)&gt;</li>')
    expect(container.innerHTML).not.toContain('javascript:')
  })
})
