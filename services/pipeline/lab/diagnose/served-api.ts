/**
 * Reading a running API (a real `make demo`) from the lab's demo tools: one GET that uses the key
 * of TRENDSCOPE_API_KEY when set (the anonymous quota is too small to read every trend), waits out
 * a 429 (Retry-After) and retries a 503 ("try again shortly": the search backend timed out on a
 * loaded machine) a few times; and every listed trend, page by page.
 */

/** GET `path` of the API at `api` as JSON. */
export async function servedGet<T>(api: string, path: string): Promise<T> {
  const key = process.env.TRENDSCOPE_API_KEY;
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(`${api}${path}`, key ? { headers: { 'X-API-Key': key } } : {});
    if (res.ok) return (await res.json()) as T;
    if (res.status === 429) {
      await new Promise((done) => setTimeout(done, 1000 * Number(res.headers.get('retry-after') ?? 1)));
      continue;
    }
    if (res.status !== 503 || attempt === 5) throw new Error(`GET ${path}: ${res.status}`);
    await new Promise((done) => setTimeout(done, 2000 * attempt));
  }
}

/** Every trend /v1/trends/recent lists, in its order (pages of 50, at most `maxPages`). */
export async function listedTrends<T>(api: string, maxPages = Infinity): Promise<T[]> {
  const all: T[] = [];
  for (let p = 1; p <= maxPages; p++) {
    const page = await servedGet<{ trends: T[]; has_more: boolean }>(api, `/v1/trends/recent?limit=50&page=${p}`);
    all.push(...page.trends);
    if (!page.has_more || page.trends.length === 0) break;
  }
  return all;
}
