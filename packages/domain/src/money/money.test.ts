import { describe, expect, it } from 'vitest';
import { formatAmount, formatInstalments, formatMoney, instalmentOf, parseAmount } from './money';

describe('money', () => {
  it('formats minor units with thousands commas and two decimals', () => {
    expect(formatAmount(0)).toBe('0.00');
    expect(formatAmount(5)).toBe('0.05');
    expect(formatAmount(250000)).toBe('2,500.00');
    expect(formatAmount(123456789)).toBe('1,234,567.89');
    expect(formatAmount(-150050)).toBe('-1,500.50');
  });

  it('prefixes the currency', () => {
    expect(formatMoney(1999, 'SGD')).toBe('SGD 19.99');
  });

  it('shows instalments as the price divided by 3, rounded to 2 decimals, as "N CUR X 3"', () => {
    expect(instalmentOf(1000)).toBe(333);
    expect(instalmentOf(1001)).toBe(334);
    expect(formatInstalments(750000, 'LKR')).toBe('2,500.00 LKR X 3');
    expect(formatInstalments(10000, 'AUD')).toBe('33.33 AUD X 3');
  });

  it('parses decimal strings into minor units and refuses anything else', () => {
    expect(parseAmount('1,500.5')).toBe(150050);
    expect(parseAmount('12')).toBe(1200);
    expect(parseAmount('1.234')).toBeNull();
    expect(parseAmount('-1')).toBeNull();
    expect(parseAmount('abc')).toBeNull();
  });
});
