/**
 * Runs contenders interleaved: round 1 runs A B C, round 2 B C A, round 3 C A B, … so that a slow
 * patch of the machine (another job, a thermal dip) lands on every contender alike, and no
 * contender always runs right after the same other one.
 */

/**
 * @param {{ name: string, run: () => Promise<number> }[]} contenders  run() returns one sample
 * @param {{ rounds: number, warmup?: number, onRound?: (round: number) => void }} options
 * @returns {Promise<Map<string, number[]>>} samples per contender name, warm-up rounds excluded
 */
export async function interleave(contenders, { rounds, warmup = 0, onRound }) {
  const samples = new Map(contenders.map((c) => [c.name, []]));
  for (let round = 0; round < warmup + rounds; round++) {
    for (let i = 0; i < contenders.length; i++) {
      const contender = contenders[(round + i) % contenders.length];
      const value = await contender.run();
      if (round >= warmup) samples.get(contender.name).push(value);
    }
    onRound?.(round - warmup + 1);
  }
  return samples;
}
