/** Small statistics over samples (milliseconds unless said otherwise). */

export function median(values) {
  return quantile(values, 0.5);
}

/** Linear interpolation between the two nearest ranks (the usual "type 7" quantile). */
export function quantile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * p;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low] + (sorted[high] - sorted[low]) * (at - low);
}

export function sum(values) {
  return values.reduce((total, v) => total + v, 0);
}

/** Least-squares slope of y over x. */
export function slope(xs, ys) {
  const n = xs.length;
  const mx = sum(xs) / n;
  const my = sum(ys) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (xs[i] - mx) * (ys[i] - my);
    den += (xs[i] - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

/** Milliseconds since `start` (a process.hrtime.bigint()). */
export function msSince(start) {
  return Number(process.hrtime.bigint() - start) / 1e6;
}
