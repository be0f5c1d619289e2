/**
 * Splits a Swedish compound into known parts, e.g. "gipsskiveskruv" → gipsskiv + skruv
 * ("skiv" + linking e), "träskruv" → trä + skruv. Parts come from the catalogue's own
 * vocabulary (isPart), are at least MIN_PART letters long, and may be followed by one of the
 * linking letters s, e, a, o, u. The split with the fewest parts wins (then the longest
 * head), so a known compound stays whole inside a longer one; callers split the parts again
 * to reach the smallest ones.
 */
export const MIN_PART = 3;
const LINKING = new Set(['s', 'e', 'a', 'o', 'u']);
/** Longer words are not split: the search is quadratic in the length. */
const MAX_LENGTH = 40;

export function decompound(word: string, isPart: (part: string) => boolean): string[] | null {
  if (word.length < MIN_PART * 2 || word.length > MAX_LENGTH) return null;
  const memo = new Map<number, string[] | null>();
  const from = (start: number): string[] | null => {
    if (start === word.length) return [];
    const cached = memo.get(start);
    if (cached !== undefined) return cached;
    let best: string[] | null = null;
    for (let end = word.length; end >= start + MIN_PART; end--) {
      const part = word.slice(start, end);
      if (start === 0 && end === word.length) continue;
      if (!isPart(part)) continue;
      const rests: Array<string[] | null> = [from(end)];
      if (end < word.length && LINKING.has(word[end] as string)) rests.push(from(end + 1));
      for (const rest of rests) {
        if (rest && (!best || rest.length + 1 < best.length)) best = [part, ...rest];
      }
    }
    memo.set(start, best);
    return best;
  };
  const parts = from(0);
  return parts && parts.length >= 2 ? parts : null;
}

/** All parts of a compound, split again until nothing splits (gipsskiveskruv → gipsskiv, skruv, gips, skiv). */
export function allParts(word: string, isPart: (part: string) => boolean): string[] {
  const out: string[] = [];
  const visit = (w: string, depth: number) => {
    const parts = depth < 4 ? decompound(w, isPart) : null;
    if (!parts) return;
    for (const part of parts) {
      out.push(part);
      visit(part, depth + 1);
    }
  };
  visit(word, 0);
  return [...new Set(out)];
}
