import { expect } from 'chai';
import { redactPersonalData } from '@trendscope/pipeline/sanitise/redact-personal-data';

function redact(text: string): string {
  return redactPersonalData(text).text;
}

describe('redactPersonalData', () => {
  describe('finds and counts personal data', () => {
    const cases: Array<[string, string, string, keyof ReturnType<typeof redactPersonalData>['redactions']]> = [
      ['an e-mail address', 'Write to jane.doe+news@example.co.uk today.', 'Write to [email] today.', 'email'],
      ['an internationalised e-mail address', 'Contact müller@beispiel.de now', 'Contact [email] now', 'email'],
      ['an international phone number', 'Call +44 20 7946 0958 now.', 'Call [phone] now.', 'phone'],
      ['an international number with (0)', 'Call +44 (0)20 7946 0958.', 'Call [phone].', 'phone'],
      ['a 00-prefixed number', 'Ring 0049 30 1234567 please', 'Ring [phone] please', 'phone'],
      ['a US number with area code in parentheses', 'Call (555) 123-4567 today', 'Call [phone] today', 'phone'],
      ['a dashed US number', 'Call 555-123-4567 today', 'Call [phone] today', 'phone'],
      ['a dotted US number', 'Call 555.123.4567 today', 'Call [phone] today', 'phone'],
      ['a French national number', 'Appelez le 01 23 45 67 89 demain', 'Appelez le [phone] demain', 'phone'],
      ['a UK national number', 'Ring 020 7946 0958 now', 'Ring [phone] now', 'phone'],
      ['a German mobile number', 'Handy: 0171 1234567.', 'Handy: [phone].', 'phone'],
      ['a Visa number (Luhn valid)', 'Card 4111 1111 1111 1111 used', 'Card [card] used', 'card'],
      ['a card number without spaces', 'card 5555555555554444.', 'card [card].', 'card'],
      ['an Amex number (4-6-5)', 'Amex 3782 822463 10005 ok', 'Amex [card] ok', 'card'],
      ['an IBAN in groups', 'Pay to GB82 WEST 1234 5698 7654 32 today', 'Pay to [iban] today', 'iban'],
      ['an IBAN without spaces', 'IBAN DE89370400440532013000.', 'IBAN [iban].', 'iban'],
      ['an IPv4 address', 'Logged from 203.0.113.195 yesterday', 'Logged from [ip] yesterday', 'ip'],
      ['a compressed IPv6 address', 'Host 2001:db8::8a2e:370:7334 answered', 'Host [ip] answered', 'ip'],
      ['a full IPv6 address', 'at 2001:0db8:85a3:0000:0000:8a2e:0370:7334.', 'at [ip].', 'ip'],
      ['a US social security number', 'SSN 123-45-6789 leaked', 'SSN [ssn] leaked', 'ssn'],
    ];
    for (const [label, input, output, type] of cases) {
      it(`redacts ${label}`, () => {
        const result = redactPersonalData(input);
        expect(result.text).to.equal(output);
        expect(result.redactions[type]).to.equal(1);
      });
    }

    it('counts several items of several types', () => {
      const { redactions } = redactPersonalData(
        'a@example.com, b@example.org, +1 202 555 0143, 4111111111111111 and 10.0.0.1',
      );
      expect(redactions).to.deep.equal({ email: 2, phone: 1, card: 1, iban: 0, ip: 1, ssn: 0 });
    });
  });

  describe('leaves ordinary prose alone', () => {
    const prose = [
      'The company was founded in 1998 and sold in 2019 for $1,250,000,000.',
      'Revenue rose 12.5% to €3.4bn in the 2019-2020 financial year.',
      'Manchester United won 3-2 after trailing 0-2 at half-time.',
      'The meeting is on 2019-11-20 at 10:30:00, then again on 21.11.2019.',
      'See you 01/02/2020 10:30 or on 12/31/2019.',
      'Upgrade to version 1.2.3.4 or Chrome 96.0.4664.110 today.',
      'Python 3.11.4 and Node v24.21.0 were released.',
      'The population grew from 1 234 567 to 2 345 678 people.',
      'ISBN 978-0-306-40615-7 is a book number, as is 9780306406157.',
      'The order number 4111 1111 1111 1112 fails the Luhn check.',
      'Not an IBAN: GB82 WEST 1234 5698 7654 33.',
      'Times: 10:30:45 and ratio 16:9, MAC 00:1A:2B:3C:4D:5E.',
      'Scores of 6-4, 7-6 and 6-3 in the final.',
      'Call of Duty sold 1,000,000 copies in 3 days at $59.99 each.',
      'Room 101, flight BA 2490, postcode SW1A 1AA, ZIP 90210-1234.',
      'The 2020 Tokyo Olympics were held in 2021 (from 23 July to 8 August).',
      'Coordinates 51.5074, -0.1278 and an angle of 45.0 degrees.',
      'Bitcoin traded at 9,123.45 USD; the index closed at 27,934.02.',
      'Dial 911 or 112 in an emergency.',
      'The phone costs 1099 dollars; 2 000 000 units were shipped.',
    ];
    for (const text of prose) {
      it(`keeps: ${text}`, () => {
        const result = redactPersonalData(text);
        expect(result.text).to.equal(text);
        expect(Object.values(result.redactions).every((n) => n === 0)).to.be.true;
      });
    }
  });

  it('redacts inside surrounding punctuation and keeps the prose around it', () => {
    expect(redact('(jane@example.com)')).to.equal('([email])');
    expect(redact('Her number, +33 1 23 45 67 89, was listed.')).to.equal('Her number, [phone], was listed.');
  });
});
