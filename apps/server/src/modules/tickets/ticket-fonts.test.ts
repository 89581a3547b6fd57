import { describe, expect, it } from 'vitest';
import { cleanText, isComplexScript, splitRuns } from './ticket-fonts';

describe('splitRuns', () => {
  it('sets each script in its own run; spaces and marks stay with their run', () => {
    expect(splitRuns('Nimal Perera')).toEqual([{ script: 'latin', text: 'Nimal Perera' }]);
    expect(splitRuns('陈美玲 Tan')).toEqual([
      { script: 'cjk', text: '陈美玲 ' },
      { script: 'latin', text: 'Tan' },
    ]);
    expect(splitRuns('නිමල් පෙරේරා (Nimal)')).toEqual([
      { script: 'sinhala', text: 'නිමල් පෙරේරා ' },
      { script: 'latin', text: '(Nimal)' },
    ]);
    expect(splitRuns('ශ්‍රී')).toEqual([{ script: 'sinhala', text: 'ශ්‍රී' }]);
    expect(splitRuns('முருகன்')).toEqual([{ script: 'tamil', text: 'முருகன்' }]);
    expect(splitRuns(' x')).toEqual([{ script: 'latin', text: ' x' }]);
  });

  it('knows which scripts are reordered by shaping', () => {
    expect(isComplexScript(splitRuns('Perera නිමල්'))).toBe(true);
    expect(isComplexScript(splitRuns('陈美玲 Tan'))).toBe(false);
  });
});

describe('cleanText', () => {
  it('drops control and bidi characters, keeps the joiners Sinhala needs, and normalises', () => {
    expect(cleanText('  Nimal\u0000\nPerera\t ')).toBe('Nimal Perera');
    expect(cleanText('evil\u202Eredli\u200Bw')).toBe('evilredliw');
    expect(cleanText('ශ්\u200Dරී')).toBe('ශ්\u200Dරී');
    expect(cleanText('e\u0301')).toBe('é');
  });
});
