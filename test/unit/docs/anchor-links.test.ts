import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { expect } from 'chai';
import { REPO_ROOT } from '@trendscope/core';

/**
 * A heading's anchor as GitHub writes it: lower case, every character but letters, digits, "_",
 * "-" and spaces dropped, spaces as hyphens ("... quality.md (2026-12-07)" ->
 * "...-qualitymd-2026-12-07"); a repeated heading takes "-1", "-2".
 */
function headingAnchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (/^(?:```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = heading[1]!
      .replace(/`/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n ? `${base}-${n}` : base);
  }
  return anchors;
}

/** The pages whose links are checked: the README, docs/*.md and the lab notes (a link in a dated entry still has to open). */
const PAGES = [
  'README.md',
  ...['docs', 'docs/lab-notes'].flatMap((dir) =>
    readdirSync(join(REPO_ROOT, dir))
      .filter((f) => f.endsWith('.md'))
      .map((f) => join(dir, f)),
  ),
];

describe('links to a heading in the docs', () => {
  for (const page of PAGES) {
    it(`${page}: every "file.md#anchor" and "#anchor" link names a heading of its file`, () => {
      const file = join(REPO_ROOT, page);
      const broken: string[] = [];
      for (const [, target, anchor] of readFileSync(file, 'utf8').matchAll(/\]\(([^)#\s]*\.md)?#([^)\s]+)\)/g)) {
        const linked = target ? join(dirname(file), target) : file;
        if (!existsSync(linked) || !headingAnchors(linked).has(anchor!))
          broken.push(`${relative(REPO_ROOT, linked)}#${anchor}`);
      }
      expect(broken).to.deep.equal([]);
    });
  }

  it('reads a heading as GitHub anchors it', () => {
    const file = join(REPO_ROOT, 'docs/lab-notes/trends.md');
    expect(headingAnchors(file).has('dated-summaries-moved-from-qualitymd-2026-12-07')).to.equal(true);
    expect(
      headingAnchors(file).has(
        'a-cut-label-tail-bare-titles-plural-place-nouns-bracket-labels-us1bn-review-summaries-2026-12-06-afternoon',
      ),
    ).to.equal(true);
  });
});
