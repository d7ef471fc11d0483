/**
 * Waits out the last seconds of a UTC minute: tests that count within one minute window must not
 * straddle its edge (the count starts again at the next minute).
 */
export async function clearOfMinuteEdge(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 8000) await new Promise((r) => setTimeout(r, left + 50));
}
