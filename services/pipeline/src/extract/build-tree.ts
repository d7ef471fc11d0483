import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';
import { Parser, Token, html as parse5Html, type TreeAdapter, type TreeAdapterTypeMap } from 'parse5';

/**
 * The HTML standard's tree construction (parse5's parser: foreign content, the adoption agency,
 * foster parenting, template contents, stray end tags), fed by htmlparser2's tokenizer, which
 * reads a page several times faster than parse5's own. Both follow the standard's tokenizer
 * states for raw text (script, style, title, textarea, iframe, xmp, ...); the tree builder tells
 * htmlparser2 when it is inside svg or math, where those are plain elements.
 */

/** A node of the built document: an element, or '#text', '#document', '#fragment', '#comment', '#doctype'. */
export interface BuildNode {
  tag: string;
  ns: string;
  attrs: Token.Attribute[];
  parent: BuildNode | null;
  children: BuildNode[];
  /** Text of a text node. */
  value: string;
  /** Content of a template element (never shown). */
  content: BuildNode | null;
}

/** Why a parse was cut short: a bound of size, nesting or time was passed. */
export type BuildCut = 'too_many_nodes' | 'too_deep' | 'time';

/** Bounds on one parse; a page beyond them is cut rather than allowed to stall a worker. */
export interface BuildLimits {
  /** Elements open at once; the tree builder's scope checks walk them, so a page beyond is cut. */
  maxOpen: number;
  maxNodes: number;
  /** Deadline as a `performance.now()` value. */
  deadline: number;
}

interface BuildMap extends TreeAdapterTypeMap {
  node: BuildNode;
  parentNode: BuildNode;
  childNode: BuildNode;
  document: BuildNode;
  documentFragment: BuildNode;
  element: BuildNode;
  commentNode: BuildNode;
  textNode: BuildNode;
  template: BuildNode;
  documentType: BuildNode;
}

/** Elements or text runs between two looks at the clock. */
const CLOCK_EVERY = 512;
/** The whitespace of the standard's tokenizer (tab, LF, FF, CR, space). */
const LEADING_SPACE_RE = /^[\t\n\f\r ]+/;
const TRAILING_SPACE_RE = /[\t\n\f\r ]+$/;

/** Thrown from inside the parse when a bound is passed: the tree built so far is kept. */
class BuildStop extends Error {
  constructor(readonly reason: BuildCut) {
    super(reason);
  }
}

function buildNode(tag: string, ns: string, attrs: Token.Attribute[]): BuildNode {
  return { tag, ns, attrs, parent: null, children: [], value: '', content: null };
}

function textNode(value: string): BuildNode {
  return { tag: '#text', ns: '', attrs: [], parent: null, children: [], value, content: null };
}

function append(parent: BuildNode, node: BuildNode): void {
  node.parent = parent;
  parent.children.push(node);
}

function insertBefore(parent: BuildNode, node: BuildNode, reference: BuildNode): void {
  const at = parent.children.indexOf(reference);
  node.parent = parent;
  parent.children.splice(at < 0 ? parent.children.length : at, 0, node);
}

function detach(node: BuildNode): void {
  const parent = node.parent;
  if (!parent) return;
  // The parser moves children from the last one backwards: lastIndexOf finds them at once.
  const at = parent.children.lastIndexOf(node);
  if (at >= 0) parent.children.splice(at, 1);
  node.parent = null;
}

/** parse5's tree adapter over BuildNode, checking the bounds as elements are created and opened. */
function boundedAdapter(document: BuildNode, limits: BuildLimits): TreeAdapter<BuildMap> {
  let elements = 0;
  let texts = 0;
  let open = 0;
  const clock = (): void => {
    if (performance.now() > limits.deadline) throw new BuildStop('time');
  };
  return {
    // The document is the caller's, so what was built survives a cut.
    createDocument: () => document,
    createDocumentFragment: () => buildNode('#fragment', '', []),
    createElement(tag, ns, attrs) {
      elements += 1;
      if (elements > limits.maxNodes) throw new BuildStop('too_many_nodes');
      if (elements % CLOCK_EVERY === 0) clock();
      return buildNode(tag, ns, attrs);
    },
    createCommentNode: () => buildNode('#comment', '', []),
    createTextNode: textNode,
    appendChild: append,
    insertBefore,
    detachNode: detach,
    insertText(parent, text) {
      texts += 1;
      if (texts % CLOCK_EVERY === 0) clock();
      const last = parent.children[parent.children.length - 1];
      if (last?.tag === '#text') last.value += text;
      else append(parent, textNode(text));
    },
    insertTextBefore(parent, text, reference) {
      const at = parent.children.indexOf(reference);
      const before = at > 0 ? parent.children[at - 1] : undefined;
      if (before?.tag === '#text') before.value += text;
      else insertBefore(parent, textNode(text), reference);
    },
    setTemplateContent(template, content) {
      template.content = content;
    },
    getTemplateContent: (template) => (template.content ??= buildNode('#fragment', '', [])),
    setDocumentType(doc) {
      if (!doc.children.some((c) => c.tag === '#doctype')) append(doc, buildNode('#doctype', '', []));
    },
    setDocumentMode() {},
    getDocumentMode: () => parse5Html.DOCUMENT_MODE.NO_QUIRKS,
    adoptAttributes(recipient, attrs) {
      const present = new Set(recipient.attrs.map((a) => a.name));
      for (const attr of attrs) if (!present.has(attr.name)) recipient.attrs.push(attr);
    },
    getFirstChild: (node) => node.children[0] ?? null,
    getChildNodes: (node) => node.children,
    getParentNode: (node) => node.parent,
    getAttrList: (element) => element.attrs,
    getTagName: (element) => element.tag,
    getNamespaceURI: (element) => element.ns as parse5Html.NS,
    getTextNodeContent: (node) => node.value,
    getCommentNodeContent: () => '',
    getDocumentTypeNodeName: () => 'html',
    getDocumentTypeNodePublicId: () => '',
    getDocumentTypeNodeSystemId: () => '',
    isTextNode: (node): node is BuildNode => node.tag === '#text',
    isCommentNode: (node): node is BuildNode => node.tag === '#comment',
    isDocumentTypeNode: (node): node is BuildNode => node.tag === '#doctype',
    isElementNode: (node): node is BuildNode => node.tag[0] !== '#',
    setNodeSourceCodeLocation() {},
    getNodeSourceCodeLocation: () => undefined,
    updateNodeSourceCodeLocation() {},
    onItemPush() {
      open += 1;
      if (open > limits.maxOpen) throw new BuildStop('too_deep');
    },
    onItemPop() {
      open -= 1;
    },
  };
}

function tagToken(type: Token.TokenType.START_TAG | Token.TokenType.END_TAG, tagName: string): Token.TagToken {
  return {
    type,
    tagName,
    tagID: parse5Html.getTagID(tagName),
    selfClosing: false,
    ackSelfClosing: false,
    attrs: [],
    location: null,
  };
}

/** htmlparser2 tokenizer callbacks that hand each token to parse5's tree construction. */
function feedParser(html: string, parser: Parser<BuildMap>): TokenizerCallbacks {
  let text = '';
  let tag: Token.TagToken | null = null;
  let attrName = '';
  let attrValue = '';
  const characters = (
    chars: string,
    type: Token.TokenType.CHARACTER | Token.TokenType.WHITESPACE_CHARACTER,
  ): Token.CharacterToken => ({ type, chars, location: null });
  // The standard's tokenizer sends whitespace runs apart: in tables and before <body> they count apart.
  const flushText = (): void => {
    if (text === '') return;
    let rest = text;
    text = '';
    const lead = LEADING_SPACE_RE.exec(rest)?.[0] ?? '';
    if (lead) {
      parser.onWhitespaceCharacter(characters(lead, Token.TokenType.WHITESPACE_CHARACTER));
      rest = rest.slice(lead.length);
    }
    if (rest === '') return;
    const trail = TRAILING_SPACE_RE.exec(rest)?.[0] ?? '';
    if (trail.length < rest.length) {
      parser.onCharacter(characters(rest.slice(0, rest.length - trail.length), Token.TokenType.CHARACTER));
    }
    if (trail) parser.onWhitespaceCharacter(characters(trail, Token.TokenType.WHITESPACE_CHARACTER));
  };
  const startTag = (selfClosing: boolean): void => {
    if (!tag) return;
    tag.selfClosing = selfClosing;
    parser.onStartTag(tag);
    tag = null;
  };
  return {
    ontext(start, end) {
      text += html.slice(start, end);
    },
    ontextentity(codepoint) {
      text += String.fromCodePoint(codepoint);
    },
    oncdata(start, end) {
      // Only reached inside svg or math, where CDATA is text.
      text += html.slice(start, end);
    },
    onopentagname(start, end) {
      flushText();
      tag = tagToken(Token.TokenType.START_TAG, html.slice(start, end).toLowerCase());
    },
    onattribname(start, end) {
      attrName = html.slice(start, end).toLowerCase();
      attrValue = '';
    },
    onattribdata(start, end) {
      attrValue += html.slice(start, end);
    },
    onattribentity(codepoint) {
      attrValue += String.fromCodePoint(codepoint);
    },
    onattribend() {
      // The standard keeps the first of repeated attributes.
      if (tag && !tag.attrs.some((a) => a.name === attrName)) tag.attrs.push({ name: attrName, value: attrValue });
      attrValue = '';
    },
    onopentagend() {
      startTag(false);
    },
    onselfclosingtag() {
      startTag(true);
    },
    onclosetag(start, end) {
      flushText();
      parser.onEndTag(tagToken(Token.TokenType.END_TAG, html.slice(start, end).toLowerCase()));
    },
    oncomment() {
      flushText();
    },
    ondeclaration(start, end) {
      flushText();
      if (/^doctype\b/i.test(html.slice(start, end))) {
        parser.onDoctype({
          type: Token.TokenType.DOCTYPE,
          name: 'html',
          forceQuirks: false,
          publicId: null,
          systemId: null,
          location: null,
        });
      }
    },
    onprocessinginstruction() {
      flushText();
    },
    onend() {
      flushText();
      parser.onEof({ type: Token.TokenType.EOF, location: null });
    },
    isInForeignContext: () => parser.tokenizer.inForeignNode,
  };
}

/** Builds the document tree of a page as a browser would, within the bounds; never throws on malformed input. */
export function buildDocument(html: string, limits: BuildLimits): { document: BuildNode; cut: BuildCut | null } {
  const document = buildNode('#document', '', []);
  const parser = new Parser<BuildMap>({ treeAdapter: boundedAdapter(document, limits) });
  const tokenizer = new Tokenizer({ decodeEntities: true }, feedParser(html, parser));
  try {
    tokenizer.write(html);
    tokenizer.end();
  } catch (error) {
    if (error instanceof BuildStop) return { document, cut: error.reason };
    throw error;
  }
  return { document, cut: null };
}
