// Text a reader of the PDF cannot see is dropped before it is indexed (security.md B22): hidden
// instructions (white, invisible or transparent text, tiny or off-page text, text on a layer that is
// off, zero-width characters)
// then never reach the knowledge base or the model. pdf.js's text content carries no colour, so the
// page's operator list is walked for the paint state of each glyph run and lined up with the text
// items character by character. Invisible text over an image is kept: that is a scan's OCR layer.
// Plain JavaScript: it runs inside the PDF worker thread.
import { AnnotationMode, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs'

const MIN_FONT_SIZE = 1.5 // points; footnotes are 6 pt and more
const LOOKAHEAD = 24 // glyphs the alignment may skip before it gives up on a character
const FILL_OPS = new Set([OPS.fill, OPS.eoFill, OPS.fillStroke, OPS.eoFillStroke, OPS.closeFillStroke, OPS.closeEOFillStroke])
const SHOW_OPS = new Set([OPS.showText, OPS.showSpacedText, OPS.nextLineShowText, OPS.nextLineSetSpacingShowText])
const IMAGE_OPS = new Set([
  OPS.paintImageXObject,
  OPS.paintInlineImageXObject,
  OPS.paintImageMaskXObject,
  OPS.paintImageXObjectRepeat,
  OPS.paintSolidColorImageMask,
  OPS.paintInlineImageXObjectGroup,
])
const UNIT_SQUARE = [0, 0, 1, 1] // an image fills the unit square of its transform
// Zero-width and other format characters (Unicode Cf: ZWSP, ZWJ, bidi controls, soft hyphen, ...).
const FORMAT_CHARS = /\p{Cf}/gu

const multiply = (m, n) => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
]

function boxOf(minMax, m) {
  const [x0, y0, x1, y1] = minMax
  const xs = [],
    ys = []
  for (const [x, y] of [
    [x0, y0],
    [x0, y1],
    [x1, y0],
    [x1, y1],
  ]) {
    xs.push(m[0] * x + m[2] * y + m[4])
    ys.push(m[1] * x + m[3] * y + m[5])
  }
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]
}

// Near-white counts as white: #f8f8f8 text on a white page is as unreadable as #ffffff.
const isWhite = (hex) => typeof hex === 'string' && /^#[0-9a-f]{6}$/i.test(hex) && [1, 3, 5].every((i) => Number.parseInt(hex.slice(i, i + 2), 16) >= 0xf0)

/**
 * Glyph runs in paint order, each with how it is painted; the page's non-white filled areas and its
 * images. `layerVisible` tells whether an optional-content group (a layer) is shown.
 */
function paintedRuns(opList, layerVisible) {
  const runs = []
  const darkFills = []
  const images = []
  let state = { ctm: [1, 0, 0, 1, 0, 0], fill: '#000000', mode: 0, alpha: 1 }
  const stack = []
  // Marked content nests across saves and restores; each level is shown only if its parent is.
  const shown = [true]
  const { fnArray, argsArray } = opList
  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i]
    const args = argsArray[i]
    const inShownLayer = shown[shown.length - 1]
    switch (fn) {
      case OPS.beginMarkedContentProps:
        shown.push(inShownLayer && (args?.[0] !== 'OC' || layerVisible(args[1])))
        break
      case OPS.beginMarkedContent:
        shown.push(inShownLayer)
        break
      case OPS.endMarkedContent:
        if (shown.length > 1) shown.pop()
        break
      case OPS.save:
        stack.push(state)
        state = { ...state }
        break
      case OPS.restore:
        state = stack.pop() ?? state
        break
      case OPS.paintFormXObjectBegin:
        stack.push(state)
        state = { ...state, ctm: Array.isArray(args?.[0]) || ArrayBuffer.isView(args?.[0]) ? multiply(state.ctm, Array.from(args[0])) : state.ctm }
        break
      case OPS.paintFormXObjectEnd:
        state = stack.pop() ?? state
        break
      case OPS.transform:
        state.ctm = multiply(state.ctm, args)
        break
      case OPS.setFillRGBColor:
        state.fill = args[0]
        break
      case OPS.setFillColorN: // patterns and shadings: some colour, not white
        state.fill = null
        break
      case OPS.setTextRenderingMode:
        state.mode = args[0]
        break
      case OPS.setGState:
        for (const [key, value] of args[0] ?? []) if (key === 'ca') state.alpha = value
        break
      case OPS.constructPath:
        if (inShownLayer && FILL_OPS.has(args[0]) && args[2] && !isWhite(state.fill) && state.alpha > 0) darkFills.push(boxOf(args[2], state.ctm))
        break
      default:
        if (IMAGE_OPS.has(fn) && inShownLayer) {
          const box = boxOf(UNIT_SQUARE, state.ctm)
          images.push(box)
          darkFills.push(box)
        } else if (SHOW_OPS.has(fn)) {
          let text = ''
          for (const glyph of args[0] ?? []) if (glyph && typeof glyph === 'object' && typeof glyph.unicode === 'string') text += glyph.unicode
          // Render modes 3 and 7 paint nothing: hidden, unless over an image, where that is how a
          // scanned page's OCR text layer is drawn. Alpha 0, or a layer that is off, shows nothing.
          const hidden =
            state.alpha === 0 || !inShownLayer ? 'always' : state.mode === 3 || state.mode === 7 ? 'unpainted' : isWhite(state.fill) ? 'white' : null
          runs.push({ text: normalize(text), hidden })
        }
    }
  }
  return { runs, darkFills, images }
}

const normalize = (s) => s.normalize('NFKC').replace(FORMAT_CHARS, '')
const isSpace = (c) => /\s/.test(c)

/**
 * The page's text items with what cannot be seen taken out of their `str`. `layers`: the document's
 * optional-content configuration (`getOptionalContentConfig()`), for text on layers that are off.
 * Where the operator list and the text content cannot be lined up, text is kept: a missed hidden
 * word is contained downstream, a dropped visible one is evidence lost.
 */
export async function visibleTextItems(page, layers) {
  const [content, opList] = await Promise.all([page.getTextContent(), page.getOperatorList({ annotationMode: AnnotationMode.DISABLE })])
  const { runs, darkFills, images } = paintedRuns(opList, (group) => !layers || layers.isVisible(group))
  // One stream of painted glyphs (spaces left out, as text items space words differently).
  const glyphs = []
  for (const run of runs) for (const c of run.text) if (!isSpace(c)) glyphs.push({ c, hidden: run.hidden })
  let cursor = 0
  /** How the next painted glyph `c` is hidden (null: it is not), or undefined when it is not found nearby. */
  const take = (c) => {
    for (let k = cursor; k < Math.min(glyphs.length, cursor + LOOKAHEAD); k++) {
      if (glyphs[k].c === c) {
        cursor = k + 1
        return glyphs[k].hidden
      }
    }
    return undefined
  }
  const [px0, py0, px1, py1] = page.view
  const within = (boxes, x, y) => boxes.some(([x0, y0, x1, y1]) => x >= x0 - 1 && x <= x1 + 1 && y >= y0 - 1 && y <= y1 + 1)

  const items = []
  for (const item of content.items) {
    if (!('str' in item)) continue
    const [a, b, c, d, x, y] = item.transform
    const size = Math.max(Math.hypot(a, b), Math.hypot(c, d))
    const offPage = x > px1 || y > py1 || x + Math.max(item.width, 0) < px0 || y + size < py0
    const geometryHidden = size < MIN_FONT_SIZE || offPage
    // Backgrounds are looked up only for white or unpainted glyphs: a page of vector art has
    // thousands of filled paths.
    const on = (boxes) => within(boxes, x + 1, y + size / 3)
    let str = ''
    for (const ch of item.str) {
      if (isSpace(ch)) {
        str += ch
        continue
      }
      // Matched in normal form (a ligature glyph is "fi" in one stream and "ﬁ" in the other),
      // kept as written; zero-width and other format characters normalise to nothing and go.
      const key = normalize(ch)
      if (key === '') continue
      let hidden = null
      for (const k of key) {
        const found = take(k)
        if (found !== undefined && hidden === null) hidden = found
      }
      const unseen = geometryHidden || hidden === 'always' || (hidden === 'unpainted' && !on(images)) || (hidden === 'white' && !on(darkFills))
      if (!unseen) str += ch
    }
    items.push({ str, hasEOL: item.hasEOL })
  }
  return items
}
