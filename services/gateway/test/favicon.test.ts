// /favicon.ico answers an icon, not the console's HTML page (issue 25).
import { describe, expect, it } from '@jest/globals'
import { faviconIco } from '../src/favicon.js'

describe('faviconIco', () => {
  it('is an ICO file with one 32×32 32-bit image', () => {
    const ico = faviconIco()
    expect(ico.readUInt16LE(0)).toBe(0)
    expect(ico.readUInt16LE(2)).toBe(1)
    expect(ico.readUInt16LE(4)).toBe(1)
    expect([ico[6], ico[7]]).toEqual([32, 32])
    expect(ico.readUInt16LE(12)).toBe(32)
    expect(ico.readUInt32LE(14) + ico.readUInt32LE(18)).toBe(ico.length)
    expect(ico.subarray(0, 16).toString('latin1')).not.toContain('<')
  })

  it('draws something: opaque blue and white pixels, and clear corners', () => {
    const ico = faviconIco()
    const px = (x: number, yFromTop: number) => {
      const at = 62 + ((31 - yFromTop) * 32 + x) * 4
      return [...ico.subarray(at, at + 4)]
    }
    expect(px(0, 0)).toEqual([0, 0, 0, 0])
    expect(px(3, 16)).toEqual([0xd8, 0x4e, 0x1d, 0xff])
    expect(px(13, 22)).toEqual([0xff, 0xff, 0xff, 0xff])
  })
})
