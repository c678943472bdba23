// Theme colours (spec §3) as CSS variables (defaults live in index.css), and the WCAG contrast
// maths that keeps text readable on them (issue 14).
import type { TrustTheme } from '@portal/contracts'
import { DEFAULT_THEME } from '@portal/contracts/theme-defaults'

/** The four theme colours (the settings row without its id). */
type ThemeColour = keyof TrustTheme

const VARS: Record<ThemeColour, string> = {
  headerColor: '--header-color',
  backgroundColor: '--background-color',
  textColor: '--text-color',
  buttonColor: '--button-color',
}
const COLOUR = /^#[0-9a-fA-F]{3,8}$/

export function applyTheme(settings: Partial<TrustTheme> | undefined | null): void {
  if (!settings) return
  for (const [key, cssVar] of Object.entries(VARS)) {
    const value = settings[key as ThemeColour]
    if (typeof value !== 'string' || !COLOUR.test(value)) continue
    // The console's text sits on white: a text colour unreadable there is left out.
    if (key === 'textColor' && (contrastRatio(value, '#ffffff') ?? 0) < AA_CONTRAST) continue
    document.documentElement.style.setProperty(cssVar, value)
  }
  // The console's own text on the theme's colours stays readable whatever was chosen (issue 14).
  const root = document.documentElement.style
  const { headerColor, buttonColor } = settings
  if (headerColor && COLOUR.test(headerColor)) root.setProperty('--header-text', readableTextColor(headerColor))
  if (buttonColor && COLOUR.test(buttonColor)) {
    root.setProperty('--button-text', readableTextColor(buttonColor))
    // Links are drawn in the button colour on white: only where that is readable.
    root.setProperty('--link-color', (contrastRatio(buttonColor, '#ffffff') ?? 0) >= AA_CONTRAST ? buttonColor : DEFAULT_THEME.buttonColor)
  }
}

// Contrast (WCAG 2.x): relative luminance of sRGB colours and their contrast ratio, and the text
// colour that stays readable on any background. Pure, so the public bundle can use it too.

/** WCAG AA minimum contrast for normal-size text. */
export const AA_CONTRAST = 4.5

/** [r, g, b] (0–255) of "#rgb", "#rgba", "#rrggbb" or "#rrggbbaa" (alpha ignored); null if not a hex colour. */
export function parseHexColor(hex: string): [number, number, number] | null {
  const m = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(hex.trim())
  if (!m) return null
  const h = m[1]!
  const full = h.length <= 4 ? [...h.slice(0, 3)].map((c) => c + c).join('') : h.slice(0, 6)
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number]
}

/** Relative luminance (0 black … 1 white) of a hex colour, as WCAG defines it; null if not a hex colour. */
export function relativeLuminance(hex: string): number | null {
  const rgb = parseHexColor(hex)
  if (!rgb) return null
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** Contrast ratio (1 … 21) of two hex colours, in either order; null if either is not a hex colour. */
export function contrastRatio(a: string, b: string): number | null {
  const la = relativeLuminance(a)
  const lb = relativeLuminance(b)
  if (la === null || lb === null) return null
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05)
}

/**
 * The text colour to use on `background`: black or white, whichever contrasts more. One of the two
 * always reaches at least 4.58:1, so the result meets WCAG AA (4.5:1) on any colour. A value that is
 * not a hex colour gets black (text as on the default white page).
 */
export function readableTextColor(background: string): '#000000' | '#ffffff' {
  const onBlack = contrastRatio(background, '#000000')
  const onWhite = contrastRatio(background, '#ffffff')
  if (onBlack === null || onWhite === null) return '#000000'
  return onWhite > onBlack ? '#ffffff' : '#000000'
}

/** A ratio as people read it, never rounded up past a threshold: 4.499 is "4.49:1", not "4.50:1". */
export const formatRatio = (ratio: number): string => `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`

/**
 * A colour as people say it ("black", "dark blue", "light grey"), from its hue and lightness; the
 * warnings name it beside its hex code so they speak of the colours actually chosen (issue 25).
 */
export function colourName(hex: string): string {
  const rgb = parseHexColor(hex)
  if (!rgb) return hex
  const [r, g, b] = rgb.map((v) => v / 255) as [number, number, number]
  const max = Math.max(r, g, b)
  const min = Math.min(r, g, b)
  const l = (max + min) / 2
  const d = max - min
  const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1))
  if (l <= 0.08) return 'black'
  if (l >= 0.96) return 'white'
  const shade = l < 0.3 ? 'dark ' : l > 0.65 ? 'light ' : ''
  if (s < 0.15) return `${shade}grey`
  let h = 0
  if (max === r) h = ((g - b) / d + 6) % 6
  else if (max === g) h = (b - r) / d + 2
  else h = (r - g) / d + 4
  h *= 60
  const hue =
    h < 15 || h >= 345
      ? 'red'
      : h < 40
        ? l < 0.4
          ? 'brown'
          : 'orange'
        : h < 70
          ? 'yellow'
          : h < 165
            ? 'green'
            : h < 195
              ? 'teal'
              : h < 255
                ? 'blue'
                : h < 290
                  ? 'purple'
                  : 'pink'
  return hue === 'brown' ? 'brown' : `${shade}${hue}`
}

/** "black (#000000)" */
const named = (hex: string) => `${colourName(hex)} (${hex})`

const SURFACE: Record<ThemeColour, string> = { headerColor: 'header', backgroundColor: 'background', textColor: 'text', buttonColor: 'buttons' }

/**
 * The settings form's warning for one theme colour, in words naming the colours involved (null when
 * every text it carries is readable): the header and buttons carry white text by default, and the
 * trust center switches to black where white is unreadable; text in the text colour, and links in the
 * button colour, sit on the white page and cards. No text sits on the background colour itself (the
 * cards are white), so it needs no warning. Below WCAG AA (4.5:1) it says the ratio and what happens.
 */
export function contrastWarning(field: ThemeColour, colour: string): string | null {
  if (parseHexColor(colour) === null) return null
  const problems: string[] = []
  const onWhite = contrastRatio(colour, '#ffffff')!
  if (field === 'textColor') {
    if (onWhite < AA_CONTRAST)
      problems.push(
        `Text in ${named(colour)} on the white page has a contrast of only ${formatRatio(onWhite)}, below the WCAG AA minimum of 4.5:1: choose a darker colour.`,
      )
    return problems.join(' ') || null
  }
  if (field === 'backgroundColor') return null
  if (onWhite < AA_CONTRAST) {
    const text = readableTextColor(colour)
    const surface = field === 'buttonColor' ? `${named(colour)} buttons` : `the ${named(colour)} ${SURFACE[field]}`
    problems.push(
      `White text on ${surface} has a contrast of only ${formatRatio(onWhite)}, below the WCAG AA minimum of 4.5:1; the trust center shows ${text === '#000000' ? 'black' : 'white'} text on it instead (${formatRatio(contrastRatio(colour, text)!)}).`,
    )
  }
  if (field === 'buttonColor' && onWhite < AA_CONTRAST) problems.push(`Links in this colour on the white page are hard to read too: choose a darker colour.`)
  return problems.join(' ') || null
}
