// A small bar chart of one figure per day, drawn as inline SVG (no chart library): one bar a day,
// the day and its number in each bar's tooltip, and the same figures as a table for screen readers
// and anyone who prefers numbers.
import { formatCalendarDay } from '../../../lib/format-date'

export interface DayValue {
  date: string
  value: number
}

const WIDTH = 300
const HEIGHT = 64
const GAP = 1

/** "12 views" / "1 view". */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

export function DayBars({ title, unit, days, className }: { title: string; unit: [string, string]; days: DayValue[]; className: string }) {
  const peak = Math.max(0, ...days.map((d) => d.value))
  const max = Math.max(1, peak)
  const slot = WIDTH / Math.max(1, days.length)
  const total = days.reduce((n, d) => n + d.value, 0)
  const busiest = days.reduce<DayValue | null>((best, d) => (d.value > (best?.value ?? 0) ? d : best), null)
  const first = days[0]
  const last = days[days.length - 1]
  const summary =
    `${title}: ${plural(total, unit[0], unit[1])} over ${plural(days.length, 'day')}` +
    (busiest ? `, most on ${formatCalendarDay(busiest.date)} (${busiest.value})` : '')
  return (
    <figure className={`day-bars ${className}`}>
      <figcaption>
        <span>{title}</span>
        <strong>{total}</strong>
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={summary} focusable="false">
        <line x1="0" y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className="day-bars-axis" />
        {days.map((d, i) => {
          const h = d.value === 0 ? 0 : Math.max(2, (d.value / max) * (HEIGHT - 4))
          return (
            <rect
              key={d.date}
              x={i * slot + GAP / 2}
              y={HEIGHT - h}
              width={Math.max(1, slot - GAP)}
              height={h}
              className="day-bars-bar"
              data-date={d.date}
              data-value={d.value}
            >
              <title>{`${formatCalendarDay(d.date)}: ${plural(d.value, unit[0], unit[1])}`}</title>
            </rect>
          )
        })}
      </svg>
      {first && last && (
        <div className="day-bars-scale muted" aria-hidden="true">
          <span>{formatCalendarDay(first.date)}</span>
          <span>{`peak ${peak}`}</span>
          <span>{formatCalendarDay(last.date)}</span>
        </div>
      )}
    </figure>
  )
}
