import { html, type SafeHtml } from './html';

/** The "how to send your key" block: curl for REST, a client configuration for MCP. */
export function keySnippets(apiBase: string, keyHint: string): SafeHtml {
  const mcp = JSON.stringify(
    {
      mcpServers: {
        trendscope: { type: 'http', url: `${apiBase}/mcp`, headers: { Authorization: `Bearer ${keyHint}` } },
      },
    },
    null,
    2,
  );
  return html`<section aria-labelledby="howto">
    <h2 id="howto">How to send your key</h2>
    <p>
      Send the key in a header with every request: <code>Authorization: Bearer &lt;key&gt;</code> or
      <code>X-API-Key: &lt;key&gt;</code>. Never put it in a URL: a key in a query string is refused. Answers are the
      same with and without a key; the key raises your quota (see the <code>RateLimit-Policy</code> and
      <code>RateLimit</code> headers of every answer).
    </p>
    <h3>REST (curl)</h3>
    <pre><code>export TRENDSCOPE_KEY=${keyHint}
curl -s -H "Authorization: Bearer $TRENDSCOPE_KEY" "${apiBase}/v1/trends/recent?limit=5"
curl -s -D - -o /dev/null -H "X-API-Key: $TRENDSCOPE_KEY" "${apiBase}/v1/stats" | grep -i ratelimit</code></pre>
    <h3>MCP (Streamable HTTP)</h3>
    <pre><code>${mcp}</code></pre>
  </section>`;
}
