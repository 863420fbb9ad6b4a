/**
 * The lay factor `(1 − c) / (l − c)` of an exchange lay at odds `l` with commission `c`: what one
 * unit of bookmaker return is worth once laid. The oddsmatcher's scores multiply it: rating =
 * `b × factor`, SNR retention = `(b − 1) × factor` (the formulas of the calculators'
 * `matchRating`, factored so that the hot loop does one multiplication per pair). Computing it once
 * per lay quote, in this exact order of operations, makes the engine's scores bit-for-bit equal to
 * a pair-by-pair computation of `b × ((1 − c) / (l − c))`. Internal: inputs are already validated.
 */
export function layFactor(layOdds: number, commission: number): number {
  return (1 - commission) / (layOdds - commission);
}
