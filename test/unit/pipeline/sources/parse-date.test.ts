import { expect } from 'chai';
import { parseLooseDate } from '@trendscope/pipeline/sources/parse-date';

describe('parseLooseDate', () => {
  const cases: Array<[string, string]> = [
    ['Wed, 29 May 2019 10:16:00 GMT', '2019-05-29T10:16:00Z'],
    ['<![CDATA[Wed, 29 May 2019 10:16:00 GMT]]> ', '2019-05-29T10:16:00Z'],
    ['Seg, 24 Set 2018 19:42:40 -0300', '2018-09-24T22:42:40Z'],
    ['Qua, 03 Jan 2018 13:47:00 +0000\n  ', '2018-01-03T13:47:00Z'],
    ['2020/1/10 14:33:00', '2020-01-10T14:33:00Z'],
    ['2019-08-27', '2019-08-27T00:00:00Z'],
    ['2017-06-15T10:29:47-07:00', '2017-06-15T17:29:47Z'],
    ['2019-11-20T04:00:00', '2019-11-20T04:00:00Z'],
    ['2019-11-20T04:00:00.123Z', '2019-11-20T04:00:00Z'],
    ['Thu, 07 Dec 17 10:00:00 EST', '2017-12-07T15:00:00Z'],
    ['03 Apr 02 1500 GMT', '2002-04-03T15:00:00Z'],
    ['Tue, 21 Aug 2012 11:33:00 EDT', '2012-08-21T15:33:00Z'],
    ['Fri, 30 Aug 2019 16:00:00 -0000', '2019-08-30T16:00:00Z'],
    ['21 déc. 2019 08:00 +0100', '2019-12-21T07:00:00Z'],
    ['November 20, 2019 10:00 AM EST', '2019-11-20T15:00:00Z'],
    ['1574236800', '2019-11-20T08:00:00Z'],
  ];
  for (const [input, expected] of cases) {
    it(`reads ${JSON.stringify(input)} as ${expected}`, () => {
      expect(parseLooseDate(input)).to.equal(expected);
    });
  }

  for (const input of [
    null,
    undefined,
    '',
    '   ',
    'yesterday',
    'not a date',
    '1',
    '2019-13-45',
    '31 Foo 2019',
    '32 Jan 2019 10:00:00 GMT',
    '0001-01-01',
  ]) {
    it(`answers null, never an invalid date, for ${JSON.stringify(input)}`, () => {
      expect(parseLooseDate(input)).to.equal(null);
    });
  }
});
