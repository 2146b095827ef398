// Visits per day as a bar chart drawn in SVG (decision 0015: no chart library for one bar chart). The picture is
// an image with a summary label; the same figures are in a table below it for screen readers and keyboard users.
import { countOf } from '#domain/count-words';

export interface DayCount {
  day: string;
  count: number;
}

const W = 640;
const H = 240;
const PAD = { top: 16, right: 12, bottom: 40, left: 40 };

/** "2026-11-23" as "11/23". */
const shortDay = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}`;

/** 0, and up to four round steps reaching the largest count. */
function ticks(max: number): number[] {
  if (max <= 0) return [0];
  const raw = max / 4;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? raw;
  const out: number[] = [];
  for (let v = 0; v <= max + step / 2; v += step) out.push(Math.round(v));
  return out;
}

export function VisitsChart({ data }: { data: readonly DayCount[] }) {
  const max = Math.max(1, ...data.map((d) => d.count));
  const ys = ticks(max);
  const top = Math.max(max, ys[ys.length - 1] ?? max);
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(1, data.length);
  const barW = Math.max(2, Math.min(48, slot * 0.7));
  const y = (v: number) => PAD.top + innerH - (v / top) * innerH;
  const labelEvery = Math.max(1, Math.ceil(data.length / 10));
  const total = data.reduce((s, d) => s + d.count, 0);
  const busiest = data.reduce<DayCount | null>((b, d) => (!b || d.count > b.count ? d : b), null);
  const summary = busiest
    ? `Bar chart of visits per day: ${countOf(total, 'visit')} over ${countOf(data.length, 'day')}, most on ${shortDay(busiest.day)} (${busiest.count}).`
    : 'Bar chart of visits per day: no visits.';

  return (
    <figure
      className="m-0 overflow-x-auto focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
      tabIndex={0}
    >
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={summary}
        data-testid="visits-chart"
        className="h-auto max-h-80 w-full min-w-[32rem] text-slate-700 dark:text-slate-300"
      >
        {ys.map((v) => (
          <g key={v}>
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={y(v)}
              y2={y(v)}
              className="stroke-slate-200 dark:stroke-slate-700"
              strokeWidth={1}
            />
            <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" fontSize={11} fill="currentColor">
              {v}
            </text>
          </g>
        ))}
        {data.map((d, i) => {
          const cx = PAD.left + slot * i + slot / 2;
          return (
            <g key={d.day}>
              <rect
                x={cx - barW / 2}
                y={y(d.count)}
                width={barW}
                height={Math.max(0, PAD.top + innerH - y(d.count))}
                rx={3}
                className="fill-blue-700 dark:fill-blue-400"
              >
                <title>{`${shortDay(d.day)}: ${countOf(d.count, 'visit')}`}</title>
              </rect>
              {i % labelEvery === 0 && (
                <text x={cx} y={H - PAD.bottom + 16} textAnchor="middle" fontSize={11} fill="currentColor">
                  {shortDay(d.day)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="sr-only">{summary}</figcaption>
    </figure>
  );
}
