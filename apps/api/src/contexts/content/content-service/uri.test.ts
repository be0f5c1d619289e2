import { describe, expect, it } from 'vitest';
import { formatNodeUri, parseNodeUri, withKnownLanguage } from './uri.ts';

describe('parseNodeUri', () => {
  it('reads every part of a full uri', () => {
    expect(parseNodeUri('i18n://sv-se@header/search.md#3')).toEqual({
      scheme: 'i18n',
      namespace: 'sv-se',
      path: 'header/search',
      ext: 'md',
      version: '3',
    });
  });

  it('defaults the scheme to i18n, the language to sv-se and the extension to txt', () => {
    expect(parseNodeUri('header/search-placeholder')).toEqual({
      scheme: 'i18n',
      namespace: 'sv-se',
      path: 'header/search-placeholder',
      ext: 'txt',
      version: null,
    });
  });

  it('defaults the namespace to local for l10n and global for g11n', () => {
    expect(parseNodeUri('l10n://footer/phone')?.namespace).toBe('local');
    expect(parseNodeUri('g11n://footer/phone')?.namespace).toBe('global');
  });

  it('rejects a uri without a path', () => {
    expect(parseNodeUri('i18n://sv-se@')).toBeNull();
    expect(parseNodeUri('')).toBeNull();
  });
});

describe('formatNodeUri', () => {
  it('gives the stored form with every default and no version', () => {
    const uri = parseNodeUri('footer/contact#7');
    expect(uri && formatNodeUri(uri)).toBe('i18n://sv-se@footer/contact.txt');
  });
});

describe('withKnownLanguage', () => {
  it('falls back to en-us for an unknown language', () => {
    const uri = parseNodeUri('i18n://de-de@header/title.txt');
    expect(uri && withKnownLanguage(uri)).toMatchObject({
      uri: { namespace: 'en-us' },
      fellBack: true,
    });
  });

  it('keeps a known language and namespaces that are not languages', () => {
    const swedish = parseNodeUri('i18n://sv-se@header/title.txt');
    const local = parseNodeUri('l10n://local@footer/phone.txt');
    expect(swedish && withKnownLanguage(swedish).fellBack).toBe(false);
    expect(local && withKnownLanguage(local).fellBack).toBe(false);
  });
});
