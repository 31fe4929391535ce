// A Vitest sequencer that starts the given files first (in that order), the rest in Vitest's own
// order after them. Vitest orders by the last run's durations when it has them, but a clean clone
// (CI) has none, and there it orders by file size: a short file of long tests would start last
// and leave one worker alone on it at the end while the other idles.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** A sequencer class (Vitest's `sequence.sequencer`) running files ending in `first` first. */
export function longestFirst(first: string[]): typeof BaseSequencer {
  return class LongestFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const rank = (file: TestSpecification) => {
        const index = first.findIndex((path) => file.moduleId.endsWith(`/${path}`));
        return index === -1 ? first.length : index;
      };
      // Array.prototype.sort is stable: the rest keep Vitest's order
      return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
    }
  };
}
