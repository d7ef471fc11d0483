import { expect } from 'chai';
import { isBylineHeadline } from '@trendscope/pipeline/detect/byline-headline';
import { chooseTopic, isFurniture } from '@trendscope/pipeline/detect/topic';
import { articleVector } from '@trendscope/pipeline/detect/term-vector';

describe('isBylineHeadline', () => {
  it("reads a feed item's byline, dateline or photo credit given as its headline (UCI's Coachella reports)", () => {
    for (const t of [
      'AP Music WriterApril 12, 2014 Updated 14 minutes ago',
      '12 hours ago • By MESFIN FEKADU',
      'MESFIN FEKADU AP Music Writer Published: April 12, 2014 6:35AM',
      'Photo by OLIVIA HARRIS/REUTERS 7 hours ago',
      'Published 5 hours ago',
      'By: Mesfin Fekadu, The Associated Press',
      'Photo By Chris Pizzello/Chris Pizzello/Invision/AP',
      'Photograph by: Chris Pizzello , Chris Pizzello/Invision/AP',
      'Dmitry Lovetsky/AP',
    ])
      expect(isBylineHeadline(t), t).to.equal(true);
  });

  it('closes a byline and a credit alone on the same agencies', () => {
    for (const t of ['By Jane Doe, Getty Images', 'By: Jane Doe, EPA', 'Jane Doe/Associated Press'])
      expect(isBylineHeadline(t), t).to.equal(true);
  });

  it("reads a dateline's age in any case, as its parts are taken out in any case", () => {
    for (const t of ['3 Hours Ago', '2 DAYS AGO', '14 Minutes Ago • AP']) expect(isBylineHeadline(t), t).to.equal(true);
    for (const t of [
      '3 Hours Ago: Tornado Tears Through Oklahoma Town',
      'Jobless rate up slightly in Cass County - 3 Hours Ago',
      'Posted 3 Hours Ago Apple Unveils Larger iPhone',
      'Hours Ago, Malaysia Airlines Lost Contact With Flight MH370',
    ])
      expect(isBylineHeadline(t), t).to.equal(false);
  });

  it('keeps a headline beside a timestamp or a byline, and headlines naming writers or updates', () => {
    for (const t of [
      "1 hour ago Teen sci-fi franchise 'Divergent' debuts with $56M",
      'Diesel 17 minutes ago Half Of All Cars Banned From Paris Roads Over...',
      'Updated: Apple unveils iPhone 6 with larger screen',
      'By JOHN SMITH: Fed raises rates',
      'AP writer wins Pulitzer for Syria coverage',
      'Writers Guild strike ends after 100 days',
      'FDA approves electric headband to prevent migraine',
      'Stocks close higher; Dow up 100 points',
      'By The Numbers: Apple Beats Estimates',
      "Photos: Red carpet arrivals at Kids' Choice Awards",
      'Photo By Photo: Kim Kardashian and Kanye West on Vogue cover',
      'Obama meets Putin/AP poll shows support',
      'Stand By Me Director Rob Reiner Joins Cast',
    ])
      expect(isBylineHeadline(t), t).to.equal(false);
  });

  it('is page furniture: no topic, and no terms for the clustering', () => {
    const byline = 'AP Music WriterApril 12, 2014 Updated 14 minutes ago';
    expect(isFurniture(byline)).to.equal(true);
    const phrases = [{ key: 'ap music writer', display: 'AP Music Writer', score: 3 }];
    expect(chooseTopic(phrases, [byline, 'Outkast reunite to headline Coachella'])).to.equal(
      'Outkast reunite to headline Coachella',
    );
    expect(articleVector(byline, '', () => 1).size).to.equal(0);
  });
});
