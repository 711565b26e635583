/**
 * A tiny seeded PRNG (mulberry32): the demo data must be identical for the same seed and reference
 * date on every machine, so nothing here may touch Math.random.
 */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** `length` lowercase base-36 characters, for ids and keys. */
  token(length: number): string;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick: <T>(items: readonly T[]): T => {
      const item = items[int(0, items.length - 1)];
      if (item === undefined) throw new RangeError("pick from an empty list");
      return item;
    },
    token: (length) => {
      let out = "";
      while (out.length < length) out += int(0, 35).toString(36);
      return out;
    },
  };
}

/** Derives an independent stream from a seed and a label, so adding draws to one part of the data
 * does not reshuffle every other part. */
export function deriveSeed(seed: number, label: string): number {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** Ids like `cus_k3v9x0q2m7a1zd`: a type prefix and 14 random characters. */
export function idFactory(random: Random, prefix: string): () => string {
  return () => `${prefix}_${random.token(14)}`;
}
