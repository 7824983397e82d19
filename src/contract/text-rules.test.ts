import { describe, expect, it } from 'vitest';
import { addBankCard } from './agent';
import { forecastFields } from './finance';
import { identityFields } from './identity';
import { documentName, networkAddress, networkName, organisationName, swiftText } from './text-rules';

const messageOf = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('names a card network sees', () => {
  const name = networkName(40);
  it('accepts Latin names with apostrophes, hyphens, dots and commas', () => {
    for (const ok of ["O'Neil", 'Mary-Jane', 'Smith, Jr.', 'Ann Lee'])
      expect(name.safeParse(ok).success, ok).toBe(true);
  });
  it('refuses emoji, HTML, control characters, digits and other scripts with the rule message', () => {
    for (const bad of ['😀Joe', '<b>x</b>', 'Jo\u0007e', 'Agent 007', '张伟', "'Joe"]) {
      expect(messageOf(name.safeParse(bad)), bad).toBe('common:validation.networkName');
    }
  });
  it('refuses what is too long or empty', () => {
    expect(messageOf(name.safeParse('A'.repeat(41)))).toBe('common:validation.tooLong');
    expect(messageOf(name.safeParse('  '))).toBe('common:validation.required');
  });
  it('addresses take digits, # and / as well', () => {
    const street = networkAddress(80);
    expect(street.safeParse('12 Main St. #4/B').success).toBe(true);
    expect(messageOf(street.safeParse('12 Main St <br>'))).toBe('common:validation.networkAddress');
    expect(messageOf(street.safeParse('🏠 12 Main St'))).toBe('common:validation.networkAddress');
  });
});

describe('names a bank sees', () => {
  it('a USD wire payer is SWIFT text', () => {
    const payer = swiftText(70);
    expect(payer.safeParse('ACME Trading (HK) Ltd.').success).toBe(true);
    expect(messageOf(payer.safeParse('ACME 😀'))).toBe('common:validation.swiftText');
    expect(messageOf(payer.safeParse('张伟'))).toBe('common:validation.swiftText');
    expect(forecastFields.shape.payerName).toBeDefined();
  });
  it('a document name takes any script but no emoji or markup', () => {
    const person = documentName(100);
    for (const ok of ['张伟', '买买提·艾力', 'José Álvarez', "O'Neil"])
      expect(person.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['张伟😀', '<b>x</b>', 'Ann\u0000']) {
      expect(messageOf(person.safeParse(bad)), bad).toBe('common:validation.documentName');
    }
    const company = organisationName(200);
    expect(company.safeParse('深圳市某某科技有限公司（香港）').success).toBe(true);
    expect(company.safeParse('3M & Co. (Asia)').success).toBe(true);
    expect(messageOf(company.safeParse('<script>'))).toBe('common:validation.organisationName');
  });
  it('is the rule of every endpoint that takes such a name', () => {
    expect(identityFields.safeParse({ personName: '😀Joe' }).success).toBe(false);
    expect(identityFields.safeParse({ companyName: '<b>x</b>' }).success).toBe(false);
    const card = { holder: '😀', bank: 'ICBC', cardNo: '6222020000000000000' };
    expect(messageOf(addBankCard.request.safeParse(card))).toBe('common:validation.documentName');
  });
});
