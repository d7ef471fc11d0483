/** The k-fold fold of a group name (FNV-1a of the name, modulo `folds`): stable across runs and scripts. */
export function foldOf(group: string, folds: number): number {
  let h = 2166136261;
  for (let i = 0; i < group.length; i++) h = Math.imul(h ^ group.charCodeAt(i), 16777619) >>> 0;
  return h % folds;
}
