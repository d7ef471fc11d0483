import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect } from 'chai';
import { FeedParseError, parseFeed, type ParsedFeed } from '@trendscope/pipeline/sources/parse-feed';
import { corpusPath } from '@trendscope/pipeline/lab/corpus/corpus-path';

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

function load(file: string, url = `https://feeds.example.org/${file}`, contentType?: string): ParsedFeed {
  return parseFeed(readFileSync(corpusPath('real-feeds', file)), { url, contentType });
}

describe('parseFeed quirks named in real-feeds/PROVENANCE.md', () => {
  it('synthesises 32-character ids for macworld.rss, which has no guid', () => {
    const feed = load('rsparser/macworld.rss');
    for (const entry of feed.entries) expect(entry.id).to.match(/^[0-9a-f]{32}$/);
    expect(feed.entries[0]?.author).to.equal('Christopher Null');
  });

  it('reads the date inside CDATA with trailing space in livemint.xml', () => {
    expect(load('rsparser/livemint.xml').entries[0]?.published).to.equal('2019-05-29T10:16:00Z');
  });

  it('does not take the <image> title inside aktuality.rss items as the item title', () => {
    const feed = load('rsparser/aktuality.rss');
    expect(feed.entries[0]?.title).to.equal('Analytici Goldman Sachs zvýšili odhad rastu ekonomiky USA');
    const raw = readFileSync(corpusPath('real-feeds', 'rsparser/aktuality.rss'), 'utf8');
    expect(raw.match(/<image>/g)?.length ?? 0).to.be.greaterThan(1);
    // Titles are the item's own, trimmed of the CDATA padding, and none went missing.
    for (const entry of feed.entries) expect(entry.title).to.match(/^\S.*\S$/);
    expect(new Set(feed.entries.map((e) => e.title)).size).to.equal(30);
  });

  it('takes the author name from Atom author elements inside RSS items (cloudblog.rss)', () => {
    const entry = load('rsparser/cloudblog.rss').entries[0];
    expect(entry?.author).to.equal('Diane Chaleff');
    expect(entry?.published).to.equal('2019-09-03T18:00:00Z');
  });

  it('sniffs DaringFireball.rss as Atom by content, not by its extension', () => {
    expect(load('rsparser/DaringFireball.rss').format).to.equal('atom');
  });

  it('gives the same items for DaringFireball.atom and DaringFireball.json', () => {
    const atom = load('rsparser/DaringFireball.atom').entries;
    const json = load('rsparser/DaringFireball.json').entries;
    expect(atom.map((e) => e.title)).to.deep.equal(json.map((e) => e.title));
    expect(atom.map((e) => e.published)).to.deep.equal(json.map((e) => e.published));
  });

  it('accepts the http:// JSON Feed version URL of pxlnv.json and JSON Feed 1.1 of 3960.json', () => {
    expect(load('rsparser/pxlnv.json').format).to.equal('json-feed');
    const german = load('rsparser/3960.json');
    expect(german.entries[0]?.title).to.equal('Lecker, lecker');
    expect(german.entries[0]?.published).to.equal('2020-02-21T17:08:06Z');
  });

  it('reads RSS-in-JSON (ScriptingNews.json) as RSS, not as a JSON Feed', () => {
    const feed = load('rsparser/ScriptingNews.json');
    expect(feed.format).to.equal('rss');
    expect(feed.link).to.equal('http://scripting.com/');
    expect(feed.entries[0]).to.include({
      id: 'http://scripting.com/2017/06/26.html#a080605',
      url: 'http://scripting.com/2017/06/26.html#a080605',
      published: '2017-06-26T12:20:05Z',
      title: null,
    });
  });

  it('keeps items without <title> in scriptingNews.rss with a null title', () => {
    const feed = load('rsparser/scriptingNews.rss');
    expect(feed.entries.filter((e) => e.title === null).length).to.be.greaterThan(10);
    expect(feed.entries.every((e) => e.summary_html !== null || e.title !== null)).to.be.true;
  });

  it('keeps guid values that claim to be permalinks but are not URLs, and the real link (monkeydom.rss)', () => {
    const entry = load('rsparser/monkeydom.rss').entries[0];
    expect(entry?.id).to.equal('cocoa-dom:tcmportmapper');
    expect(entry?.url).to.equal('https://github.com/monkeydom/TCMPortMapper');
  });

  it('reads donthitsave.xml despite its UTF-8 byte order mark', () => {
    const bytes = readFileSync(corpusPath('real-feeds', 'rsparser/donthitsave.xml'));
    expect([...bytes.subarray(0, 3)]).to.deep.equal([0xef, 0xbb, 0xbf]);
    expect(load('rsparser/donthitsave.xml').entries[0]?.title).to.equal('Skipping Around');
  });

  it('reads date-only dc:date values of bio.rdf as midnight UTC', () => {
    expect(load('rsparser/bio.rdf').entries[0]?.published).to.equal('2019-08-27T00:00:00Z');
  });

  it('decodes GB2312 (kc0011.rss) and reads its 2020/1/10 14:33:00 dates', () => {
    const entry = load('rsparser/kc0011.rss').entries[0];
    expect(entry?.title).to.equal('建国35周年纪念，华表，和平鸽');
    expect(entry?.author).to.equal('大鱼儿');
    expect(entry?.published).to.equal('2020-01-10T14:33:00Z');
  });

  it('does not take the <textInput> title of rubenerd.rss as the feed title, and mixes date styles', () => {
    const feed = load('rsparser/rubenerd.rss');
    expect(feed.title).to.equal('Rubenerd');
    expect(feed.entries.every((e) => e.published !== null)).to.be.true;
  });

  it('decodes ISO-8859-1 (encoding.rss) and windows-1251 (iconv.xml)', () => {
    expect(load('rss-parser/encoding.rss').entries[0]?.title).to.equal(
      'Mãe de utente é a nova presidente da Raríssimas',
    );
    expect(load('node-feedparser/iconv.xml').entries[0]?.title).to.equal(
      'В Бузулуке главные стройплощадки – детсад и Ледовый дворец',
    );
  });

  it('reads undeclared ISO-8859-1 bytes and Portuguese day/month names (uolNoticias.rss)', () => {
    const entry = load('rss-parser/uolNoticias.rss').entries[0];
    expect(entry?.title).to.equal('Ibope: Bolsonaro perde de Haddad, Ciro e Alckmin em simulações de 2º turno');
    expect(entry?.published).to.equal('2018-09-24T22:42:40Z');
  });

  it('takes the Content-Type charset when the document declares none', () => {
    const latin1 = Buffer.from('<rss version="2.0"><channel><title>Notícias</title></channel></rss>', 'latin1');
    const feed = parseFeed(latin1, {
      url: 'https://example.com/f',
      contentType: 'application/rss+xml; charset=ISO-8859-1',
    });
    expect(feed.title).to.equal('Notícias');
  });

  it('reads a JSON Feed as UTF-8 even when the server labels it ISO-8859-1', () => {
    const feed = load(
      'rsparser/3960.json',
      'https://journal.3960.org/feed.json',
      'application/json; charset=iso-8859-1',
    );
    expect(feed.title).to.equal('fboës - Der Blog | Startseite');
  });

  it('leaves items without dates undated (heraldsun.rss, RSS 0.92)', () => {
    const feed = load('rss-parser/heraldsun.rss');
    expect(feed.entries.map((e) => e.published)).to.deep.equal([null, null]);
    expect(feed.entries[0]?.url).to.equal('http://www.oreilly.com/example/001.html');
  });

  it('keeps an Atom entry that has only an <id> (missing-fields.atom)', () => {
    expect(load('rss-parser/missing-fields.atom').entries[0]).to.deep.equal({
      id: 'tag:github.com,2008:Repository/11167738/v3.9.0',
      url: null,
      title: null,
      summary_html: null,
      content_html: null,
      author: null,
      published: null,
      categories: [],
    });
  });

  it('decodes &gt; in the channel title and reads categories (category-feed.xml)', () => {
    const feed = load('node-feedparser/category-feed.xml');
    expect(feed.title).to.equal('NYT > Home Page');
    expect(feed.entries[0]?.categories).to.include('Water Pollution');
  });

  it('reads EST dates as UTC-5 (wapowellness.xml)', () => {
    const raw = readFileSync(corpusPath('real-feeds', 'node-feedparser/wapowellness.xml'), 'utf8');
    expect(raw).to.match(/EST<\/pubDate>/);
    for (const entry of load('node-feedparser/wapowellness.xml').entries) expect(entry.published).to.match(ISO_UTC);
  });

  it('gunzips invalid-characters-gzipped.xml and drops the characters XML forbids', () => {
    const bytes = readFileSync(corpusPath('real-feeds', 'node-feedparser/invalid-characters-gzipped.xml'));
    expect([bytes[0], bytes[1]]).to.deep.equal([0x1f, 0x8b]);
    const feed = load('node-feedparser/invalid-characters-gzipped.xml');
    expect(feed.entries[0]?.title).to.equal('NSOperation');
  });

  it('resolves relative item links against the feed URL (rss-with-relative-urls.xml)', () => {
    const feed = load(
      'node-feedparser/rss-with-relative-urls.xml',
      'http://www.arcgames.com/en/games/neverwinter/news/rss',
    );
    expect(feed.entries.map((e) => e.url)).to.deep.equal([
      'http://www.arcgames.com/en/games/neverwinter/news/detail/10743874-neverwinter-%26-jingle-jam-humble-bundle%21',
      'http://www.arcgames.com/en/games/neverwinter/news/detail/10738994-2x-underdark-currency-%26-15%25-off-bags%21',
    ]);
    expect(feed.entries[0]?.published).to.equal('2017-12-07T18:00:29Z');
  });

  it('resolves URLs inside item HTML through nested xml:base (href, src, srcset, poster)', () => {
    const html = load('node-feedparser/rss-with-relative-html-urls.xml').entries[0]?.summary_html ?? '';
    expect(html).to.include('href="https://example.com/posts/post-1"');
    expect(html).to.include('href="https://example.com/posts/post-1#comments"');
    expect(html).to.include('src="https://example.com/images/post-1.png"');
    expect(html).to.include('https://example.com/posts/small.png 480w, https://example.com/large.png 2x');
    expect(html).to.include('poster="https://example.com/posts/poster.png"');
  });

  it('resolves Atom links against the document URL (intertwingly.atom)', () => {
    const feed = load('node-feedparser/intertwingly.atom', 'http://intertwingly.net/blog/index.atom');
    expect(feed.link).to.equal('http://intertwingly.net/blog/');
    expect(feed.entries[0]?.url).to.equal('http://intertwingly.net/blog/2012/07/16/Inhibiting-Suspend');
    // Its inline SVG is not carried into the stored HTML.
    expect(feed.entries.some((e) => /<svg/i.test(e.content_html ?? ''))).to.be.false;
  });

  it('keeps all three items of saxerror.xml, including the one with a raw ampersand', () => {
    expect(load('node-feedparser/saxerror.xml').entries.map((e) => e.url)).to.deep.equal([
      'http://example.com/good',
      'http://example.com/bad?foo=1&bar=2',
      'http://example.com/after',
    ]);
  });

  it('makes repeated guids unique instead of letting one entry overwrite another', () => {
    const xml = `<rss version="2.0"><channel><title>t</title>
      <item><title>One</title><guid>same</guid></item><item><title>Two</title><guid>same</guid></item>
    </channel></rss>`;
    const ids = parseFeed(Buffer.from(xml), { url: 'https://example.com/f' }).entries.map((e) => e.id);
    expect(ids[0]).to.equal('same');
    expect(ids[1]).to.match(/^same#[0-9a-f]{32}$/);
  });

  it('reads the RSS 2.0 sample with an item without title (rss2sample.xml)', () => {
    const feed = load('node-feedparser/rss2sample.xml');
    expect(feed.entries.filter((e) => e.title === null)).to.have.length(1);
    expect(feed.entries[0]?.published).to.equal('2003-06-03T09:39:21Z');
  });
});

describe('parseFeed errors and envelopes', () => {
  it('throws FeedParseError for an HTML page (notafeed.html)', () => {
    expect(() => load('node-feedparser/notafeed.html')).to.throw(FeedParseError, /HTML page/);
  });

  for (const [label, body] of [
    ['an empty body', ''],
    ['plain text', 'hello world'],
    ['JSON that is no feed', '{"hello": "world"}'],
    ['broken JSON', '{"version": '],
    ['an unknown XML document', '<?xml version="1.0"?><kml><Document/></kml>'],
  ] as const) {
    it(`throws FeedParseError for ${label}`, () => {
      expect(() => parseFeed(Buffer.from(body), { url: 'https://example.com/' })).to.throw(
        FeedParseError,
        /not a feed/,
      );
    });
  }

  it('throws FeedParseError for truncated gzip data', () => {
    const gz = gzipSync(Buffer.from('<rss><channel><title>x</title></channel></rss>')).subarray(0, 12);
    expect(() => parseFeed(gz, { url: 'https://example.com/' })).to.throw(FeedParseError, /gzip/);
  });

  it('gunzips a gzip body whatever its name or Content-Type', () => {
    const gz = gzipSync(readFileSync(corpusPath('real-feeds', 'node-feedparser/rss2sample.xml')));
    expect(parseFeed(gz, { url: 'https://example.com/feed', contentType: 'text/plain' }).entries).to.have.length(4);
  });
});
