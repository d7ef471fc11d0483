/**
 * Sums what soak-run.ts's SOAK_HEAP_SNAPSHOTS and SOAK_ALLOC_PROFILE write, so a late pass can be
 * set against an early one by what it holds and what it allocates:
 * - a `.heapsnapshot` (V8): the live heap by constructor (self sizes) and the large Arrays, Maps
 *   and Sets by the properties of their first element (retained sizes from the dominator tree),
 *   which names the pass's collections (the open trends' list, the domain writes ...);
 * - a `.heapprofile` (V8's sampling heap profiler, collected objects included): the bytes a step
 *   allocated by piece, the first of PIECES on the sample's call path (else its outermost project
 *   frames), and by innermost project frame.
 * Run: node --import tsx test/bench/heap-summary.ts <file> [rows]
 */
// First import: from a shell whose Node is older than 22 this tool re-runs under the project's Node.
import '@trendscope/core/require-project-node';
import { readFileSync } from 'node:fs';

/** The build's pieces, in the order a path is matched against them (innermost pieces first). */
const PIECES = [
  'estimateRating',
  'addToCounters',
  'coCoverage',
  'decideCopies',
  'updateDomains',
  'rebuiltTrend',
  'grownTrend',
  'refreshTrend',
  'detectEmbeddings',
  'distinctTopics',
];

const [file, rowsArg] = process.argv.slice(2);
if (!file) throw new Error('usage: heap-summary.ts <file.heapsnapshot|file.heapprofile> [rows]');
const rows = Number(rowsArg ?? 20);
const mb = (bytes: number): string => (bytes / 2 ** 20).toFixed(1).padStart(8);
const add = (m: Map<string, number>, k: string, v: number): void => void m.set(k, (m.get(k) ?? 0) + v);
const print = (title: string, m: Map<string, number>, extra?: Map<string, number>): void => {
  console.log(`\n== ${title}`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, rows))
    console.log(`${mb(v)}${extra ? ` ${String(extra.get(k) ?? 0).padStart(8)}` : ''}  ${k.slice(0, 150)}`);
};

if (file.endsWith('.heapprofile')) profile(JSON.parse(readFileSync(file, 'utf8')) as { head: ProfileNode });
else snapshot(JSON.parse(readFileSync(file, 'utf8')) as HeapSnapshot);

interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

function profile({ head }: { head: ProfileNode }): void {
  const isProject = (url: string): boolean => /\/(services|test\/bench)\//.test(url) && !url.includes('node_modules');
  const byPiece = new Map<string, number>();
  const byFrame = new Map<string, number>();
  let total = 0;
  const walk = (n: ProfileNode, trail: readonly string[], frame: string): void => {
    const own = isProject(n.callFrame.url);
    const name = n.callFrame.functionName || '(anonymous)';
    const path = own ? [...trail, name] : trail;
    const here = own ? `${name} ${n.callFrame.url.replace(/.*\/(services|test)\//, '$1/')}` : frame;
    if (n.selfSize > 0) {
      total += n.selfSize;
      add(byPiece, PIECES.find((p) => path.includes(p)) ?? `(other: ${path.slice(0, 3).join(' > ')})`, n.selfSize);
      add(byFrame, here, n.selfSize);
    }
    for (const c of n.children) walk(c, path, here);
  };
  walk(head, [], '(no project frame: parsing, I/O)');
  console.log(`allocated, collected or not (sampled): ${mb(total)} MB`);
  print('by piece, MB', byPiece);
  print('by innermost project frame, MB', byFrame);
}

interface HeapSnapshot {
  snapshot: {
    meta: { node_fields: string[]; edge_fields: string[]; node_types: [string[]]; edge_types: [string[]] };
  };
  nodes: number[];
  edges: number[];
  strings: string[];
}

function snapshot(s: HeapSnapshot): void {
  const { meta } = s.snapshot;
  const NF = meta.node_fields.length;
  const EF = meta.edge_fields.length;
  const [nodeTypes] = meta.node_types;
  const [edgeTypes] = meta.edge_types;
  const { nodes, edges, strings } = s;
  const N = nodes.length / NF;
  const [nType, nName, nSelf, nEdges] = ['type', 'name', 'self_size', 'edge_count'].map((f) =>
    meta.node_fields.indexOf(f),
  ) as [number, number, number, number];
  const [eType, eName, eTo] = ['type', 'name_or_index', 'to_node'].map((f) => meta.edge_fields.indexOf(f)) as [
    number,
    number,
    number,
  ];
  const first = new Uint32Array(N + 1);
  for (let i = 0, e = 0; i < N; i++) {
    first[i] = e;
    e += nodes[i * NF + nEdges]! * EF;
  }
  first[N] = edges.length;
  const skip = new Set(['weak', 'shortcut'].map((t) => edgeTypes.indexOf(t)));
  const target = (e: number): number => edges[e + eTo]! / NF;
  const typeOf = (v: number): string => nodeTypes[nodes[v * NF + nType]!]!;
  const nameOf = (v: number): string => `${typeOf(v)}:${strings[nodes[v * NF + nName]!]!.slice(0, 50)}`;
  const edgeName = (e: number): string =>
    ['element', 'hidden'].includes(edgeTypes[edges[e + eType]!]!)
      ? `[${edges[e + eName]}]`
      : strings[edges[e + eName]!]!;

  // Post-order from the root, then the dominators (Cooper, Harvey and Kennedy) on post-order numbers.
  const post = new Int32Array(N).fill(-1);
  const order = new Int32Array(N);
  let count = 0;
  const stack = new Int32Array(N);
  const cursor = new Uint32Array(first.subarray(0, N));
  let sp = 0;
  stack[sp++] = 0;
  post[0] = -2;
  while (sp > 0) {
    const v = stack[sp - 1]!;
    let next = -1;
    while (cursor[v]! < first[v + 1]! && next < 0) {
      const e = cursor[v]!;
      cursor[v] = e + EF;
      if (!skip.has(edges[e + eType]!) && post[target(e)] === -1) next = target(e);
    }
    if (next >= 0) {
      post[next] = -2;
      stack[sp++] = next;
    } else {
      sp--;
      post[v] = count;
      order[count++] = v;
    }
  }
  const predCount = new Uint32Array(N + 1);
  const usable = (v: number, visit: (w: number) => void): void => {
    for (let e = first[v]!; e < first[v + 1]!; e += EF) if (!skip.has(edges[e + eType]!)) visit(target(e));
  };
  for (let p = 0; p < count; p++) usable(order[p]!, (w) => predCount[w + 1]!++);
  for (let i = 0; i < N; i++) predCount[i + 1]! += predCount[i]!;
  const preds = new Int32Array(predCount[N]!);
  const fill = predCount.slice(0, N);
  for (let p = 0; p < count; p++) usable(order[p]!, (w) => void (preds[fill[w]!++] = order[p]!));
  const idom = new Int32Array(count).fill(-1);
  idom[count - 1] = count - 1;
  for (let changed = true; changed;) {
    changed = false;
    for (let p = count - 2; p >= 0; p--) {
      const v = order[p]!;
      let d = -1;
      for (let k = predCount[v]!; k < predCount[v + 1]!; k++) {
        let u = post[preds[k]!]!;
        if (u < 0 || idom[u]! < 0) continue;
        if (d < 0) d = u;
        else {
          while (u !== d) {
            while (u < d) u = idom[u]!;
            while (d < u) d = idom[d]!;
          }
        }
      }
      if (d >= 0 && idom[p] !== d) {
        idom[p] = d;
        changed = true;
      }
    }
  }
  const retained = new Float64Array(count);
  let total = 0;
  for (let p = 0; p < count; p++) {
    retained[p]! += nodes[order[p]! * NF + nSelf]!;
    total += nodes[order[p]! * NF + nSelf]!;
    if (idom[p] !== p && idom[p]! >= 0) retained[idom[p]!]! += retained[p]!;
  }
  console.log(`live heap (reachable, self sizes): ${mb(total)} MB in ${count} objects`);

  const bySelf = new Map<string, number>();
  const objects = new Map<string, number>();
  const collections = new Map<string, number>();
  const numbers = new Map<string, number>();
  const plain = new Set(['string', 'concatenated string', 'sliced string', 'number', 'code', 'hidden']);
  const firstElement = (v: number, depth: number): number | undefined => {
    for (let e = first[v]!; e < first[v + 1]!; e += EF) {
      const w = target(e);
      const label = edgeName(e);
      if ((label === 'elements' || label === 'table') && depth === 0) {
        const found = firstElement(w, 1);
        if (found !== undefined) return found;
      } else if (/^\[?\d+\]?$/.test(label) && typeOf(w) === 'object' && !nameOf(w).startsWith('object:system'))
        return w;
    }
    return undefined;
  };
  const properties = (v: number): string => {
    const out: string[] = [];
    for (let e = first[v]!; e < first[v + 1]! && out.length < 6; e += EF)
      if (edgeTypes[edges[e + eType]!] === 'property' && edgeName(e) !== '__proto__') out.push(edgeName(e));
    return out.join(',');
  };
  for (let p = 0; p < count; p++) {
    const v = order[p]!;
    const key = plain.has(typeOf(v)) ? typeOf(v) : nameOf(v);
    add(bySelf, key, nodes[v * NF + nSelf]!);
    add(objects, key, 1);
    if (['object:Array', 'object:Map', 'object:Set'].includes(nameOf(v)) && retained[p]! >= 2 ** 17) {
      const el = firstElement(v, 0);
      const shape = `${nameOf(v).slice(7)} of {${el === undefined ? '?' : properties(el)}}`;
      add(collections, shape, retained[p]!);
      add(numbers, shape, 1);
    }
  }
  print('by constructor: self MB, objects', bySelf, objects);
  print(
    'Arrays, Maps and Sets of 128 KB or more, by their first element: retained MB (nested ones again), how many',
    collections,
    numbers,
  );
}
