// Issue 14: the WCAG contrast maths of lib/theme (relative luminance, contrast ratio, a readable text
// colour for any background), the settings form's live warning next to a colour below AA, and the
// keyboard contract of the console's dialogs (focus in, Tab kept inside, Escape, focus back).
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { ConfirmDialog } from '../src/components/ui/confirm-dialog'
import { Modal } from '../src/components/ui/modal'
import {
  AA_CONTRAST,
  applyTheme,
  colourName,
  contrastRatio,
  contrastWarning,
  formatRatio,
  parseHexColor,
  readableTextColor,
  relativeLuminance,
} from '../src/lib/theme'
import { mockFetch, renderApp, storeSession } from './test-utils'

beforeEach(() => localStorage.clear())
afterEach(() => {
  jest.restoreAllMocks()
  localStorage.clear()
})

describe('WCAG contrast maths', () => {
  it('parses the hex forms a colour input and the theme settings use', () => {
    expect(parseHexColor('#0a66c2')).toEqual([10, 102, 194])
    expect(parseHexColor('#FFF')).toEqual([255, 255, 255])
    expect(parseHexColor('#ffff0080')).toEqual([255, 255, 0])
    expect(parseHexColor('yellow')).toBeNull()
    expect(parseHexColor('#12345')).toBeNull()
  })

  it('gives the relative luminance WCAG defines', () => {
    expect(relativeLuminance('#ffffff')).toBe(1)
    expect(relativeLuminance('#000000')).toBe(0)
    // The channel weights: pure red, green and blue.
    expect(relativeLuminance('#ff0000')).toBeCloseTo(0.2126, 4)
    expect(relativeLuminance('#00ff00')).toBeCloseTo(0.7152, 4)
    expect(relativeLuminance('#0000ff')).toBeCloseTo(0.0722, 4)
    // The sRGB curve: mid grey is far darker than half.
    expect(relativeLuminance('#808080')).toBeCloseTo(0.2159, 4)
    // The linear part below 0.04045: 10/255 = 0.0392 -> 0.0392 / 12.92.
    expect(relativeLuminance('#0a0a0a')).toBeCloseTo(10 / 255 / 12.92, 6)
    expect(relativeLuminance('nope')).toBeNull()
  })

  it('gives the known contrast ratios of well-known pairs, in either order', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 6)
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 6)
    expect(contrastRatio('#0a66c2', '#0a66c2')).toBe(1)
    // The classic AA boundary greys on white: #767676 passes (4.54), #777777 fails (4.48).
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2)
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2)
    expect(contrastRatio('#ffff00', '#ffffff')).toBeCloseTo(1.07, 2)
    expect(contrastRatio('#ffff00', '#000000')).toBeCloseTo(19.56, 2)
    expect(contrastRatio('#0000ff', '#ffffff')).toBeCloseTo(8.59, 2)
    expect(contrastRatio('#ff0000', '#ffffff')).toBeCloseTo(4.0, 2)
    expect(contrastRatio('#0a66c2', '#ffffff')).toBeCloseTo(5.7, 1)
    expect(contrastRatio('#ffffff', 'oops')).toBeNull()
  })

  it('never rounds a ratio up past the threshold', () => {
    expect(formatRatio(4.4999)).toBe('4.49:1')
    expect(formatRatio(21)).toBe('21.00:1')
  })

  it('derives black or white text, whichever contrasts more, and at least 4.5:1 on every colour', () => {
    expect(readableTextColor('#ffff00')).toBe('#000000')
    expect(readableTextColor('#3c3232')).toBe('#ffffff')
    expect(readableTextColor('#0a66c2')).toBe('#ffffff')
    expect(readableTextColor('#777777')).toBe('#000000') // 4.69 on black against 4.48 on white
    expect(readableTextColor('#ff0000')).toBe('#000000') // 5.25 against 4.00
    expect(readableTextColor('not a colour')).toBe('#000000')
    const hex = (n: number) => n.toString(16).padStart(2, '0')
    let worst = 21
    for (let r = 0; r < 256; r += 15)
      for (let g = 0; g < 256; g += 15)
        for (let b = 0; b < 256; b += 15) {
          const bg = `#${hex(r)}${hex(g)}${hex(b)}`
          const text = readableTextColor(bg)
          const other = text === '#000000' ? '#ffffff' : '#000000'
          const ratio = contrastRatio(bg, text)!
          expect(ratio).toBeGreaterThanOrEqual(contrastRatio(bg, other)!)
          worst = Math.min(worst, ratio)
        }
    expect(worst).toBeGreaterThanOrEqual(AA_CONTRAST)
  })

  it('words a warning for each theme colour below AA, and none for the defaults', () => {
    expect(contrastWarning('headerColor', '#3c3232')).toBeNull()
    expect(contrastWarning('backgroundColor', '#3c3232')).toBeNull()
    expect(contrastWarning('textColor', '#000000')).toBeNull()
    expect(contrastWarning('buttonColor', '#0a66c2')).toBeNull()
    expect(contrastWarning('headerColor', '#ffff00')).toBe(
      'White text on the yellow (#ffff00) header has a contrast of only 1.07:1, below the WCAG AA minimum of 4.5:1; the trust center shows black text on it instead (19.55:1).',
    )
    expect(contrastWarning('textColor', '#777777')).toBe(
      'Text in grey (#777777) on the white page has a contrast of only 4.47:1, below the WCAG AA minimum of 4.5:1: choose a darker colour.',
    )
    expect(contrastWarning('textColor', '#767676')).toBeNull()
    expect(contrastWarning('buttonColor', '#66ccff')).toMatch(
      /^White text on light blue \(#66ccff\) buttons has a contrast of only 1\.\d\d:1.*Links in this colour on the white page are hard to read too/,
    )
    // Issue 25: no text sits on the background itself (cards are white): no warning about white text there.
    for (const bg of ['#ffffff', '#ffff00', '#1a237e']) expect(contrastWarning('backgroundColor', bg)).toBeNull()
    expect([colourName('#000000'), colourName('#1a237e'), colourName('#ffffff'), colourName('#3c3232'), colourName('#0a66c2')]).toEqual([
      'black',
      'dark blue',
      'white',
      'dark grey',
      'blue',
    ])
  })
})

describe("the console's own colours under a theme", () => {
  afterEach(() => document.documentElement.removeAttribute('style'))
  it('keeps header, button and link text readable and leaves out a text colour unreadable on white', () => {
    applyTheme({ headerColor: '#ffff00', backgroundColor: '#ffff00', textColor: '#ffffff', buttonColor: '#66ccff' })
    const css = document.documentElement.style
    expect(css.getPropertyValue('--header-color')).toBe('#ffff00')
    expect(css.getPropertyValue('--header-text')).toBe('#000000')
    expect(css.getPropertyValue('--button-text')).toBe('#000000')
    expect(css.getPropertyValue('--link-color')).toBe('#0a66c2')
    expect(css.getPropertyValue('--text-color')).toBe('')
    applyTheme({ headerColor: '#3c3232', textColor: '#333333', buttonColor: '#0a66c2' })
    expect(css.getPropertyValue('--header-text')).toBe('#ffffff')
    expect(css.getPropertyValue('--button-text')).toBe('#ffffff')
    expect(css.getPropertyValue('--link-color')).toBe('#0a66c2')
    expect(css.getPropertyValue('--text-color')).toBe('#333333')
  })
})

describe('the settings form', () => {
  it('warns in words, next to the colour field and as it changes, when text on the chosen colour is below AA', async () => {
    storeSession({ admin: true })
    mockFetch({
      'GET /api/companyinfo': { body: { status: true, data: { companyTitle: 'Acme', logo: null } } },
      'GET /api/themecolor': {
        body: { status: true, data: { _id: 't1', headerColor: '#3c3232', backgroundColor: '#3c3232', textColor: '#000000', buttonColor: '#0a66c2' } },
      },
      'GET /api/clientDetails': { body: { status: true, data: [{ cname: 'acme', maindomain: 'localhost', cnamepublish: true }] } },
    })
    renderApp('/settings')
    const header = await screen.findByLabelText('Header')
    const warning = document.getElementById(header.getAttribute('aria-describedby')!)!
    expect(warning).toHaveAttribute('role', 'status')
    expect(warning).toHaveTextContent(/^$/)
    // Next to its own field: the same field box holds the input and the warning.
    expect(header.closest('.field')).toContainElement(warning)

    fireEvent.change(header, { target: { value: '#ffff00' } })
    expect(warning).toHaveTextContent('White text on the yellow (#ffff00) header has a contrast of only 1.07:1, below the WCAG AA minimum of 4.5:1')
    expect(header).toHaveAccessibleDescription(/1\.07:1/)

    fireEvent.change(header, { target: { value: '#202020' } })
    expect(warning).toHaveTextContent(/^$/)

    const text = screen.getByLabelText('Text')
    fireEvent.change(text, { target: { value: '#aaaaaa' } })
    expect(text).toHaveAccessibleDescription(/Text in light grey \(#aaaaaa\) on the white page has a contrast of only 2\.32:1/)
    // Black text on a dark blue background: nothing speaks of white text there (issue 25).
    const background = screen.getByLabelText('Background')
    fireEvent.change(text, { target: { value: '#000000' } })
    fireEvent.change(background, { target: { value: '#1a237e' } })
    expect(background).toHaveAccessibleDescription('')
    expect(screen.getByRole('heading', { level: 1, name: 'Trust Center Setting' })).toBeInTheDocument()
  })
})

function Opener({ confirm = false }: { confirm?: boolean }) {
  const [open, setOpen] = useState(false)
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        Open it
      </button>
      {open &&
        (confirm ? (
          <ConfirmDialog title="Delete Thing" message="Are you sure you want to delete it?" onCancel={() => setOpen(false)} onConfirm={() => setOpen(false)} />
        ) : (
          <Modal title="Edit thing" onClose={() => setOpen(false)}>
            <form>
              <label htmlFor="thing-name">Name</label>
              <input id="thing-name" name="name" />
              <button type="submit">Save</button>
            </form>
          </Modal>
        ))}
    </main>
  )
}

describe('dialogs', () => {
  it('is a modal dialog labelled by its title: focus on its first field, Tab kept inside, Escape closes, focus back on the opener', async () => {
    render(<Opener />)
    const opener = screen.getByRole('button', { name: 'Open it' })
    opener.focus()
    fireEvent.click(opener)
    const dialog = await screen.findByRole('dialog', { name: 'Edit thing' })
    expect(dialog.tagName).toBe('DIALOG')
    expect(dialog).toHaveAttribute('aria-modal', 'true')
    const name = within(dialog).getByLabelText('Name')
    const save = within(dialog).getByRole('button', { name: 'Save' })
    const close = within(dialog).getByRole('button', { name: 'Close' })
    expect(name).toHaveFocus()
    // From the last control Tab goes round to the first (the Close button); Shift+Tab back again.
    save.focus()
    fireEvent.keyDown(save, { key: 'Tab' })
    expect(close).toHaveFocus()
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true })
    expect(save).toHaveFocus()
    fireEvent.keyDown(save, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(opener).toHaveFocus()
  })

  it('starts a confirmation on Cancel, the harmless choice', async () => {
    render(<Opener confirm />)
    const opener = screen.getByRole('button', { name: 'Open it' })
    opener.focus()
    fireEvent.click(opener)
    const dialog = await screen.findByRole('dialog', { name: 'Delete Thing' })
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(opener).toHaveFocus()
  })
})
