import { expect } from 'chai';
import { comparableDomain, sourceDomain, sourceNotFound } from '@trendscope/core';

describe('source domains', () => {
  it('names a source by its registrable domain, as citations show it', () => {
    expect(sourceDomain('edition.cnn.com')).to.equal('cnn.com');
    expect(sourceDomain('www.BBC.co.uk')).to.equal('bbc.co.uk');
    expect(sourceDomain('africa.chinadaily.com.cn')).to.equal('chinadaily.com.cn');
    expect(sourceDomain('xn--bcher-kva.de')).to.equal('xn--bcher-kva.de');
    expect(sourceDomain('127.0.0.1')).to.equal('127.0.0.1');
  });

  it('leaves a registrable domain as it is', () => {
    for (const d of ['cnn.com', 'bbc.co.uk', 'example.org']) expect(sourceDomain(d)).to.equal(d);
  });

  it('drops one leading www. from a requested domain, not two', () => {
    expect(comparableDomain('www.www.example.com')).to.equal('www.example.com');
    expect(comparableDomain('WWW.Example.com')).to.equal('example.com');
    expect(comparableDomain('wwwexample.com')).to.equal('wwwexample.com');
  });

  it('answers a subdomain never seen with a 404 naming the domain to ask for', () => {
    expect(sourceNotFound('edition.cnn.com').detail).to.equal(
      'Source not found: sources are named by their registrable domain; ask for cnn.com',
    );
    expect(sourceNotFound('www.example.com').detail).to.match(/ask for example\.com$/);
    expect(sourceNotFound('never-seen.example').detail).to.equal('Source not found');
  });
});
