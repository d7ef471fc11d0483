/**
 * Page furniture and script text in stored bodies, ours beside trafilatura on the same pages
 * (test/support/furniture-count.ts: the phrase list and the three sets).
 * Run: node --import tsx test/bench/furniture.bench.ts
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { furnitureLine, measureFurniture } from '../support/furniture-count';

for (const { set, ours, theirs } of await measureFurniture()) {
  console.log(`${set}`);
  console.log(furnitureLine('ours', ours));
  console.log(theirs ? furnitureLine('trafilatura', theirs) : '  trafilatura not available (no python3)');
}
