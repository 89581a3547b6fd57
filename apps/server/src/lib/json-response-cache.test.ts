import { describe, expect, it } from 'vitest';
import { matchesIfNoneMatch, pickContentEncoding, toAsciiJson } from './json-response-cache';

describe('pickContentEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['*', 'br'],
    ['*;q=0', null],
    ['gzip;q=0', null],
    ['deflate', null],
  ])('%s gives %s', (header, expected) => {
    expect(pickContentEncoding(header)).toBe(expected);
  });
});

describe('matchesIfNoneMatch', () => {
  const etag = 'W/"abc"';
  it.each([
    [undefined, false],
    ['W/"abc"', true],
    ['"abc"', true],
    ['"x", W/"abc"', true],
    ['*', true],
    ['"abcd"', false],
    ['W/"ab"', false],
  ])('%s matches: %s', (header, expected) => {
    expect(matchesIfNoneMatch(header, etag)).toBe(expected);
  });
});

describe('toAsciiJson', () => {
  it('escapes non-ASCII text so the JSON parses to the same value', () => {
    const value = { name: 'සිංහල ගී සන්ධ්‍යාව', emoji: 'Jazz 🎷 café “quoted”', plain: 'a\\b"c', n: 1 };
    const json = JSON.stringify(value);
    const ascii = toAsciiJson(json);
    expect(ascii).toMatch(/^[ -~]*$/);
    expect(JSON.parse(ascii)).toEqual(value);
    expect(toAsciiJson('{"a":"b"}')).toBe('{"a":"b"}');
  });
});
