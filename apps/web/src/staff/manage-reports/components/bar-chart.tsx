import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/**
 * A bar chart drawn by uPlot (docs/adr/0610): categories along x (days, hours, weekdays), one value each. The chart
 * is a picture (aria-hidden): the table beside it carries the same figures for screen readers. It is laid out left
 * to right in Arabic pages too (a time axis reads left to right), with labels already in the page's digits.
 */
export function BarChart({
  labels,
  values,
  valueText,
  height = 200,
  testId,
}: {
  labels: readonly string[];
  values: readonly number[];
  valueText: (value: number) => string;
  height?: number;
  testId?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = box.current;
    if (!target) return;
    const xs = labels.map((_, i) => i);
    const plot = new uPlot(
      {
        width: Math.max(240, target.clientWidth),
        height,
        legend: { show: false },
        cursor: { show: false },
        scales: {
          x: { time: false, range: [-0.5, Math.max(0.5, labels.length - 0.5)] },
          y: { range: (_u, _min, max) => [0, Math.max(1, max)] },
        },
        axes: [
          {
            values: (_u, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? (labels[tick] ?? '') : '')),
            gap: 4,
          },
          { values: (_u, ticks) => ticks.map((tick) => valueText(tick)), size: 96 },
        ],
        series: [
          {},
          {
            stroke: 'var(--brand, #0f766e)',
            fill: 'rgba(15, 118, 110, 0.55)',
            paths: uPlot.paths.bars?.({ size: [0.7, 48] }),
            points: { show: false },
          },
        ],
      },
      [xs, [...values]],
      target,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(240, target.clientWidth), height }));
    resize.observe(target);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [labels, values, valueText, height]);
  return <div ref={box} className="manage-reports__chart" dir="ltr" aria-hidden="true" data-testid={testId} />;
}
