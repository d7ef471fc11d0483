import type { DetectArticle } from '../../../src/detect/cluster';
import { memberMoves, type AbsorbOptions } from '../../../src/detect/absorb-members';
import { DEFAULT_REJOIN_OPTIONS, type RejoinOptions } from '../../../src/detect/rejoin-stories';

export type { AbsorbOptions } from '../../../src/detect/absorb-members';

/**
 * Article -> trend after the member-level absorb of detection (absorb-members.ts, the same
 * decision, with the run's rejoin options over the defaults), over a whole replay's assignments.
 * PRINT_ABSORB=1 prints each move with both sides' headlines (and `label`'s story of the member and
 * of the large trend's majority, when given) to stderr, to be read.
 */
export async function absorbedMembers(
  articles: readonly DetectArticle[],
  assignments: ReadonlyMap<string, string>,
  idf: (term: string) => number,
  options: AbsorbOptions & Partial<RejoinOptions>,
  label?: (articleId: string) => string | undefined,
): Promise<Map<string, string>> {
  const out = new Map(assignments);
  const byId = new Map(articles.map((a) => [a.id, a]));
  const groups = new Map<string, DetectArticle[]>();
  for (const [a, t] of assignments) {
    const article = byId.get(a);
    if (article) groups.set(t, [...(groups.get(t) ?? []), article]);
  }
  const moves = await memberMoves(groups, idf, { ...DEFAULT_REJOIN_OPTIONS, ...options });
  const majority = (id: string): string | undefined => {
    if (!label) return undefined;
    const counts = new Map<string, number>();
    for (const a of groups.get(id)!) {
      const g = label(a.id) ?? '';
      counts.set(g, (counts.get(g) ?? 0) + 1);
    }
    return [...counts].sort((x, y) => y[1] - x[1])[0]?.[0];
  };
  for (const m of moves) {
    out.set(m.article.id, m.into);
    if (process.env.PRINT_ABSORB)
      process.stderr.write(
        `absorb ${m.meaning.toFixed(3)} own ${m.own.toFixed(3)} terms ${m.terms.toFixed(3)} ${m.fromSize}->${m.intoSize} ` +
          `${label ? `${label(m.article.id) === majority(m.into) ? 'SAME' : 'OTHER'} ` : ''}${m.article.title}  ||  ${m.central.join(' / ')}\n`,
      );
  }
  return out;
}
