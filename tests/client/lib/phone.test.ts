import { formatPhoneNumber, ownContact } from '@client/lib/phone';
import { describe, expect, it } from 'vitest';

describe('a phone number as readers see it', () => {
  it('writes a Somali number in the groups it is read in, and keeps any other in E.164', () => {
    expect(formatPhoneNumber('+252615550100')).toBe('+252 61 555 0100');
    expect(formatPhoneNumber('+25290123456')).toBe('+252 90 123 456');
    expect(formatPhoneNumber('+254712345678')).toBe('+254712345678');
  });

  it("names signed-in readers by their e-mail, else by their number (a phone-only account's drawer)", () => {
    expect(ownContact({ email: 'hodan@example.so', phone: '+252615550100' })).toBe('hodan@example.so');
    expect(ownContact({ email: null, phone: '+252615550100' })).toBe('+252 61 555 0100');
    expect(ownContact({ email: '', phone: '+252615550100' })).toBe('+252 61 555 0100');
  });
});
