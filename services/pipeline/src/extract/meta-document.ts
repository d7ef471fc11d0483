import type { MetaElement } from './page-tree';

/** An element of the head as read-metadata sees it. */
interface MetaNode {
  getAttribute(name: string): string | null;
  textContent: string | null;
}

/** One `tag[attr="value"]` selector (optionally ` i` for a case-insensitive value). */
const SELECTOR_RE = /^([a-z0-9]+)\[([a-z0-9:._-]+)="([^"]*)"( i)?\]$/;

function asNode(element: MetaElement): MetaNode {
  return { getAttribute: (name) => element.attrs[name] ?? null, textContent: element.text };
}

/**
 * The head elements of a parsed page behind the small query surface read-metadata uses (simple
 * `tag[attr="value"]` selectors), so metadata is read without building a DOM.
 */
export function metaDocument(elements: MetaElement[], lang: string | null) {
  return {
    documentElement: { getAttribute: (name: string) => (name === 'lang' ? lang : null), textContent: null },
    querySelectorAll(selector: string): MetaNode[] {
      const match = SELECTOR_RE.exec(selector);
      if (!match) return [];
      const [, tag, attr, value, insensitive] = match;
      const wanted = insensitive ? value?.toLowerCase() : value;
      return elements
        .filter((el) => {
          if (el.tag !== tag || attr === undefined) return false;
          const actual = el.attrs[attr];
          return actual !== undefined && (insensitive ? actual.toLowerCase() : actual) === wanted;
        })
        .map(asNode);
    },
  };
}
