/** B-cubed precision, recall and F1 of a clustering against gold labels (Bagga & Baldwin 1998). */
export interface BCubed {
  precision: number;
  recall: number;
  f1: number;
}

/**
 * Averages, over items, the share of an item's predicted cluster that shares its gold label (P) and
 * vice versa (R). A gold item the clustering left unassigned counts as a cluster of its own, so
 * leaving articles out can never raise the score.
 */
export function bcubed(assigned: ReadonlyMap<string, string>, gold: ReadonlyMap<string, string>): BCubed {
  const items = [...gold.keys()];
  const predicted = new Map(items.map((id) => [id, assigned.get(id) ?? `\u0001unassigned ${id}`]));
  const byPred = new Map<string, string[]>();
  const byGold = new Map<string, string[]>();
  for (const id of items) {
    push(byPred, predicted.get(id)!, id);
    push(byGold, gold.get(id)!, id);
  }
  const overlap = new Map<string, number>();
  for (const id of items) {
    const key = `${predicted.get(id)!}\u0000${gold.get(id)!}`;
    overlap.set(key, (overlap.get(key) ?? 0) + 1);
  }
  let p = 0;
  let r = 0;
  for (const id of items) {
    const both = overlap.get(`${predicted.get(id)!}\u0000${gold.get(id)!}`)!;
    p += both / byPred.get(predicted.get(id)!)!.length;
    r += both / byGold.get(gold.get(id)!)!.length;
  }
  const precision = items.length ? p / items.length : 0;
  const recall = items.length ? r / items.length : 0;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}

function push(m: Map<string, string[]>, k: string, v: string): void {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
}
