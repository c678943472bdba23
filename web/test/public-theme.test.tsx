// The public page's theme: whatever colours an admin picks, its text stays readable (issue 14: a
// #ffff00 header made the trust center unreadable).
import { describe, expect, it } from '@jest/globals'
import { themeStyle } from '../src/public-trust/trust-center-view'
import { contrastRatio } from '../src/lib/theme'

const style = (theme: Partial<Record<'headerColor' | 'backgroundColor' | 'textColor' | 'buttonColor', string>>) =>
  themeStyle({ headerColor: '#3c3232', backgroundColor: '#3c3232', textColor: '#000000', buttonColor: '#0a66c2', ...theme }) as Record<string, string>

describe('the public page theme', () => {
  it('puts black text on a yellow header and yellow buttons, white on dark ones', () => {
    expect(style({ headerColor: '#ffff00', buttonColor: '#ffff00' })).toMatchObject({ '--tc-header-text': '#000000', '--tc-button-text': '#000000' })
    expect(style({})).toMatchObject({ '--tc-header-text': '#ffffff', '--tc-button-text': '#ffffff' })
  })

  it('keeps the chosen text and link colours only where they are readable on the white cards', () => {
    expect(style({ textColor: '#333333', buttonColor: '#0a66c2' })).toMatchObject({ '--tc-text': '#333333', '--tc-link': '#0a66c2' })
    const pale = style({ textColor: '#dddddd', buttonColor: '#ffff00' })
    expect(pale['--tc-text']).toBe('#000000')
    expect(contrastRatio(pale['--tc-link']!, '#ffffff')).toBeGreaterThanOrEqual(4.5)
  })

  it('reaches WCAG AA for every text over a sweep of colours', () => {
    for (let v = 0; v < 256; v += 17) {
      const hex = `#${[v, 255 - v, (v * 7) % 256].map((n) => n.toString(16).padStart(2, '0')).join('')}`
      const s = style({ headerColor: hex, buttonColor: hex, textColor: hex })
      expect(contrastRatio(s['--tc-header-text']!, hex)).toBeGreaterThanOrEqual(4.5)
      expect(contrastRatio(s['--tc-button-text']!, hex)).toBeGreaterThanOrEqual(4.5)
      expect(contrastRatio(s['--tc-text']!, '#ffffff')).toBeGreaterThanOrEqual(4.5)
      expect(contrastRatio(s['--tc-link']!, '#ffffff')).toBeGreaterThanOrEqual(4.5)
    }
  })
})
