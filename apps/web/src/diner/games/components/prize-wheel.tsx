import { useEffect, useRef, useState } from 'react';

export interface WheelSlice {
  id: number;
  label: string;
  color: string;
}

const TURNS = 5;

/** The rotation (degrees, clockwise) that brings slice `index`'s middle under the pointer at the top. */
export function rotationFor(index: number, count: number, from: number): number {
  const slice = 360 / count;
  const middle = (index + 0.5) * slice;
  const target = (360 - middle) % 360;
  const current = ((from % 360) + 360) % 360;
  return from + TURNS * 360 + ((target - current + 360) % 360);
}

/**
 * How a slice's label turns from its radius (degrees): along the radius, so it fits the slice, and reading left to
 * right where the wheel will stop. A label on the right half of the resting wheel (its middle turned by `rotation`
 * to between 0° and 180° clockwise from the top) would read upside down the usual way, so it turns the other way.
 */
export function labelTurn(middle: number, rotation: number): 90 | -90 {
  const resting = (((middle + rotation) % 360) + 360) % 360;
  return resting > 0 && resting < 180 ? -90 : 90;
}

function reducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/** A point on the circle of radius r at `degrees` clockwise from the top. */
function at(r: number, degrees: number): [number, number] {
  const radians = ((degrees - 90) * Math.PI) / 180;
  return [r * Math.cos(radians), r * Math.sin(radians)];
}

/**
 * The wheel: equal slices (the published chances are in the table beside it, not in the slices' sizes), turned by a
 * CSS transition on the compositor (smooth on a phone) to the slice the server drew. With reduced motion it does not
 * turn: the result shows at once. Decorative for screen readers: the page announces the result in words.
 */
export function PrizeWheel({
  slices,
  landOn,
  onLanded,
}: {
  slices: readonly WheelSlice[];
  /** The slice the server drew, once it answered. */
  landOn: number | null;
  onLanded: () => void;
}) {
  const [rotation, setRotation] = useState(0);
  const landed = useRef(onLanded);
  landed.current = onLanded;

  // Turns once per draw: keyed on the drawn slice and the slices' ids, not on the array, which the page rebuilds on
  // every render (and reloads after the turn, for the odds' stock left): a new array must not turn the wheel again.
  const ids = slices.map((s) => s.id).join(',');
  const slicesNow = useRef(slices);
  slicesNow.current = slices;
  useEffect(() => {
    if (landOn === null || ids === '') return;
    const index = slicesNow.current.findIndex((s) => s.id === landOn);
    if (index < 0) return;
    setRotation((from) => rotationFor(index, slicesNow.current.length, from));
    if (reducedMotion()) landed.current();
  }, [landOn, ids]);

  const slice = 360 / Math.max(1, slices.length);
  return (
    <div className="wheel" aria-hidden="true">
      <svg viewBox="-100 -100 200 200" className="wheel__svg" role="presentation">
        <g
          className="wheel__disc"
          style={{ transform: `rotate(${rotation}deg)` }}
          onTransitionEnd={() => landOn !== null && landed.current()}
        >
          {slices.map((s, i) => {
            const [x1, y1] = at(96, i * slice);
            const [x2, y2] = at(96, (i + 1) * slice);
            const large = slice > 180 ? 1 : 0;
            const path =
              slices.length === 1
                ? 'M 0 -96 A 96 96 0 1 1 -0.01 -96 Z'
                : `M 0 0 L ${x1} ${y1} A 96 96 0 ${large} 1 ${x2} ${y2} Z`;
            const middle = (i + 0.5) * slice;
            return (
              <g key={s.id}>
                <path d={path} fill={s.color} stroke="#fff" strokeWidth="1.5" />
                <text
                  transform={`rotate(${middle}) translate(0 -58) rotate(${labelTurn(middle, rotation)})`}
                  className="wheel__label"
                  textAnchor="middle"
                  dominantBaseline="middle"
                >
                  {s.label.length > 14 ? `${s.label.slice(0, 13)}…` : s.label}
                </text>
              </g>
            );
          })}
          <circle r="14" fill="#fff" stroke="#ddd" />
        </g>
        <path d="M -9 -104 L 9 -104 L 0 -84 Z" className="wheel__pointer" />
      </svg>
    </div>
  );
}
