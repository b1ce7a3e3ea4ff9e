/** Small statistics the benchmarks share. */

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  const v = [...values].sort((a, b) => a - b);
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
}

/**
 * A distribution-free 95% confidence interval for the median: the k-th smallest and k-th largest
 * value, k the largest rank with P(Binomial(n, ½) < k) ≤ 2.5%. For 15 values, the 4th and 12th
 * (96.5%). Undefined for fewer than 6 values, where no such k exists.
 */
export function medianInterval(values: number[]): [number, number] | undefined {
  const v = [...values].sort((a, b) => a - b);
  const n = v.length;
  let below = 0; // P(Binomial(n, ½) < rank), once the loop has added rank - 1's term
  let choose = 1; // C(n, rank - 1)
  let k = 0;
  for (let rank = 1; rank <= n; rank++) {
    below += choose / 2 ** n;
    choose = (choose * (n - rank + 1)) / rank;
    if (below > 0.025) break;
    k = rank;
  }
  return k >= 1 ? [v[k - 1]!, v[n - k]!] : undefined;
}
