import { expect } from 'chai';
import iconv from 'iconv-lite';
import { decodePageBytes } from '@trendscope/pipeline/extract/decode-page-bytes';

const TEXT = 'Größere Straßen für Łódź: €5';

describe('decodePageBytes', () => {
  it('reads the charset of a meta tag', () => {
    const html = `<html><head><meta charset="iso-8859-1"></head><body>Größere Straßen</body></html>`;
    expect(decodePageBytes(iconv.encode(html, 'latin1'))).to.include('Größere Straßen');
  });

  it('reads the charset of an http-equiv Content-Type', () => {
    const html = `<meta http-equiv="Content-Type" content="text/html; charset=windows-1250"><p>Łódź</p>`;
    expect(decodePageBytes(iconv.encode(html, 'windows-1250'))).to.include('Łódź');
  });

  it('prefers the HTTP Content-Type over the page', () => {
    const html = `<meta charset="utf-8"><p>Größere</p>`;
    expect(decodePageBytes(iconv.encode(html, 'latin1'), 'text/html; charset=ISO-8859-1')).to.include('Größere');
  });

  it('falls back to windows-1252 when bytes labelled UTF-8 are not UTF-8', () => {
    const html = `<meta charset="utf-8"><p>Größere €</p>`;
    expect(decodePageBytes(iconv.encode(html, 'windows-1252'))).to.include('Größere €');
  });

  it('honours a byte order mark and reads unlabelled UTF-8 as UTF-8', () => {
    expect(decodePageBytes(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(TEXT)]))).to.equal(TEXT);
    expect(decodePageBytes(Buffer.from(`<p>${TEXT}</p>`))).to.equal(`<p>${TEXT}</p>`);
  });
});
