import { expect } from 'chai';
import { htmlToPlainText, sanitiseField } from '@trendscope/pipeline/sanitise/sanitise-text';

describe('htmlToPlainText', () => {
  it('separates block elements with a blank line and keeps <br> as a line break', () => {
    const html =
      '<h1>Title</h1><p>First   paragraph\nwraps.</p><div>Second<br>line two</div><ul><li>a</li><li>b</li></ul>';
    expect(htmlToPlainText(html)).to.equal('Title\n\nFirst paragraph wraps.\n\nSecond\nline two\n\na\n\nb');
  });

  it('keeps inline elements inline', () => {
    expect(htmlToPlainText('<p>An <b>important</b> <a href="/x">link</a> and <em>emphasis</em>.</p>')).to.equal(
      'An important link and emphasis.',
    );
  });

  it('decodes named, numeric and hex entities, and non-breaking spaces become spaces', () => {
    expect(htmlToPlainText('<p>AT&amp;T &eacute;t&#233; &#x2014; 5&nbsp;km &lt; 10&nbsp;km</p>')).to.equal(
      'AT&T été — 5 km < 10 km',
    );
  });

  it('keeps a less-than sign in prose', () => {
    expect(htmlToPlainText('<p>if a &lt; b and 3 &lt; 4</p>')).to.equal('if a < b and 3 < 4');
  });

  it('drops scripts, styles, comments and hidden elements but keeps the text around them', () => {
    const html = '<p>Before<script>var x = 1;</script><style>p{}</style><!-- note --> <span hidden>no</span>after</p>';
    expect(htmlToPlainText(html)).to.equal('Before after');
  });

  it('keeps prose that merely names a scripting language', () => {
    expect(htmlToPlainText('<p>JavaScript: The Good Parts is a book.</p>')).to.equal(
      'JavaScript: The Good Parts is a book.',
    );
  });

  it('answers an empty string for empty markup', () => {
    expect(htmlToPlainText('')).to.equal('');
    expect(htmlToPlainText('<div><p> </p></div>')).to.equal('');
  });
});

describe('sanitiseField', () => {
  it('returns a single line of plain text', () => {
    expect(sanitiseField('  <b>Breaking:</b>\n markets   rally &amp; bonds fall ')).to.equal(
      'Breaking: markets rally & bonds fall',
    );
  });

  it('redacts personal data in short fields', () => {
    expect(sanitiseField('By Jane Doe (jane@example.com)')).to.equal('By Jane Doe ([email])');
  });

  it('answers null for null, empty and markup-only values', () => {
    expect(sanitiseField(null)).to.equal(null);
    expect(sanitiseField('   ')).to.equal(null);
    expect(sanitiseField('<script>x()</script>')).to.equal(null);
  });

  it('cuts a long value to the maximum length with an ellipsis', () => {
    const value = sanitiseField('word '.repeat(100), 20);
    expect(Array.from(value ?? '')).to.have.length.at.most(20);
    expect(value).to.match(/…$/);
    expect(sanitiseField('exactly twenty chars', 20)).to.equal('exactly twenty chars');
  });
});
