/**
 * A group's daily USD spend as bars, in plain SVG (no chart library: the page chunk stays small).
 * The bars scale to the largest day; a day without spend keeps a hairline so the axis reads.
 */
import type { GroupSpendView } from '@contract/card-groups';

const WIDTH = 320;
const HEIGHT = 96;
const GAP = 2;

export function SpendChart({ daily, label }: { daily: GroupSpendView['daily']; label: string }) {
  const max = Math.max(1, ...daily.map((d) => d.amount));
  const slot = WIDTH / Math.max(1, daily.length);
  return (
    <svg
      className="cp-cg-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={label}
      preserveAspectRatio="none"
      data-testid="group-spend-chart"
    >
      {daily.map((day, index) => {
        const height = Math.max(1, Math.round((day.amount / max) * (HEIGHT - 4)));
        return (
          <rect
            key={day.date}
            x={index * slot + GAP / 2}
            y={HEIGHT - height}
            width={Math.max(1, slot - GAP)}
            height={height}
            rx={1.5}
            className={day.amount > 0 ? 'cp-cg-chart__bar' : 'cp-cg-chart__bar cp-cg-chart__bar--zero'}
          >
            <title>{`${day.date}: ${(day.amount / 100).toFixed(2)}`}</title>
          </rect>
        );
      })}
    </svg>
  );
}
