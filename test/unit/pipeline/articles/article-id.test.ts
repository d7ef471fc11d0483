import { expect } from 'chai';
import { articleId, normaliseCanonicalUrl } from '@trendscope/pipeline/articles/article-id';
import { registrableDomain } from '@trendscope/pipeline/articles/build-article-doc';
import { jobId } from '@trendscope/pipeline/queues/job-ids';

describe('article identity', () => {
  it('gives http/https, www/bare, fragment and tracking variants of a URL one id', () => {
    const id = articleId('https://www.example.com/news/a-story?id=7');
    expect(id).to.match(/^[a-f0-9]{64}$/);
    expect(articleId('http://example.com/news/a-story/?utm_source=rss&id=7#top')).to.equal(id);
    expect(articleId('https://EXAMPLE.com:443/news/a-story?id=7')).to.equal(id);
  });

  it('keeps different articles apart', () => {
    expect(articleId('https://example.com/news/a?id=7')).not.to.equal(articleId('https://example.com/news/a?id=8'));
    expect(articleId('https://example.com/news/a')).not.to.equal(articleId('https://example.org/news/a'));
    expect(normaliseCanonicalUrl('https://example.com/a?b=2&a=1')).to.equal('example.com/a?a=1&b=2');
  });

  it('derives the registrable domain, lowercase and without www', () => {
    expect(registrableDomain('https://www.BBC.co.uk/news/x')).to.equal('bbc.co.uk');
    expect(registrableDomain('http://africa.chinadaily.com.cn/world/x.htm')).to.equal('chinadaily.com.cn');
    expect(registrableDomain('http://127.0.0.1:8080/x')).to.equal('127.0.0.1');
  });

  it('makes job ids without colons that are never all digits', () => {
    const id = jobId('fetch', 'https://example.com:8080/a');
    expect(id).to.match(/^fetch-[a-f0-9]{40}$/);
    expect(id).not.to.include(':');
    expect(jobId('fetch', 'https://example.com:8080/a')).to.equal(id);
  });
});
