import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * SUFRA_TEST_SHUFFLE=<seed>: the files after the fuzz shards in a seeded random order, to find a file that depends on
 * what ran before it in its worker (the PGlite suite's databases are kept between files, test/pglite-pool.ts).
 */
function shuffled<T>(list: readonly T[], seed: number): T[] {
  const out = [...list];
  let state = seed >>> 0 || 1;
  for (let i = out.length - 1; i > 0; i -= 1) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * Vitest's order (longest first from its cache of the last run's durations, else the largest file first), with the
 * OpenAPI fuzz shards first within their project: they are among the suite's longest files, yet each is a one-line
 * file that a clean clone (no cache, as in CI) would run last and so end the suite on one worker (docs/adr/0781).
 */
export class LongFilesFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const long = (spec: TestSpecification) => /[/\\]openapi-fuzz-\d+\.test\.ts$/.test(spec.moduleId);
    const projects = [...new Set(sorted.map((spec) => spec.project.name))];
    const seed = process.env.SUFRA_TEST_SHUFFLE;
    return projects.flatMap((name) => {
      const ofProject = sorted.filter((spec) => spec.project.name === name);
      const rest = ofProject.filter((spec) => !long(spec));
      return [...ofProject.filter(long), ...(seed ? shuffled(rest, Number(seed)) : rest)];
    });
  }
}
