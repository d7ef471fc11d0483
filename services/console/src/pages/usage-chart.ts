import { html, type SafeHtml } from './html';

const WIDTH = 600;
const HEIGHT = 160;
const AXIS = 24;

/**
 * Requests per day as a bar chart drawn on the server (inline SVG: no script, no CDN), with the
 * same figures in a table for screen readers and for reading exact values.
 */
export function usageChart(days: readonly { day: string; requests: number }[]): SafeHtml {
  const max = Math.max(1, ...days.map((d) => d.requests));
  const slot = WIDTH / Math.max(1, days.length);
  const bars = days.map((d, i) => {
    const h = Math.round(((HEIGHT - AXIS) * d.requests) / max);
    const x = Math.round(i * slot + 2);
    const y = HEIGHT - AXIS - h;
    return html`<rect x="${x}" y="${y}" width="${Math.max(1, Math.round(slot - 4))}" height="${h}"
      ><title>${d.day}: ${d.requests} requests</title></rect
    >`;
  });
  const first = days[0]?.day ?? '';
  const last = days[days.length - 1]?.day ?? '';
  const total = days.reduce((n, d) => n + d.requests, 0);
  return html`<figure class="chart">
      <svg viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-labelledby="chart-title">
        <title id="chart-title">Requests per day, ${first} to ${last}: ${total} in all, at most ${max} in a day</title>
        <g class="bars">${bars}</g>
        <line x1="0" y1="${HEIGHT - AXIS}" x2="${WIDTH}" y2="${HEIGHT - AXIS}" class="axis"></line>
        <text x="0" y="${HEIGHT - 6}" class="label">${first}</text>
        <text x="${WIDTH}" y="${HEIGHT - 6}" class="label" text-anchor="end">${last}</text>
        <text x="0" y="12" class="label">${max}</text>
      </svg>
      <figcaption>Requests per UTC day over the last ${days.length} days (${total} in all).</figcaption>
    </figure>
    <details>
      <summary>Show the figures</summary>
      <table>
        <caption class="visually-hidden">
          Requests per day
        </caption>
        <thead>
          <tr>
            <th scope="col">Day (UTC)</th>
            <th scope="col" class="num">Requests</th>
          </tr>
        </thead>
        <tbody>
          ${days.map(
            (d) =>
              html`<tr>
                <td>${d.day}</td>
                <td class="num">${d.requests}</td>
              </tr>`,
          )}
        </tbody>
      </table>
    </details>`;
}
