import { BaseSequencer, type TestSpecification } from 'vitest/node';

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
    return projects.flatMap((name) => {
      const ofProject = sorted.filter((spec) => spec.project.name === name);
      return [...ofProject.filter(long), ...ofProject.filter((spec) => !long(spec))];
    });
  }
}
