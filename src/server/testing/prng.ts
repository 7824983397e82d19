/**
 * A deterministic pseudo-random sequence (a linear congruential generator), so every run of a test
 * or benchmark makes the same choices.
 */
export function prng(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}
