import { jest } from '@jest/globals'

/**
 * Makes the browser report `timeZone` as its own, as a viewer in that zone would have it (jest's
 * process.env.TZ cannot change once Node started). Undone by jest.restoreAllMocks().
 */
export function viewerIn(timeZone: string) {
  const real = Intl.DateTimeFormat.prototype.resolvedOptions
  return jest.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...real.call(this), timeZone }
  })
}
