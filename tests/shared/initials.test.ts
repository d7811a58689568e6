import { initials } from '@shared/initials';
import { describe, expect, it } from 'vitest';

describe('initials', () => {
  it('takes the first letters of the first two words', () => {
    expect(initials('Amina Warsame')).toBe('AW');
    expect(initials('Aden Mohamed Nur (Madobe)')).toBe('AM');
  });

  it('gives one letter for a one-word name and none for an empty one', () => {
    expect(initials('Mahad')).toBe('M');
    expect(initials('')).toBe('');
    expect(initials('   ')).toBe('');
  });

  it('strips the titles Hon., MP, Dr. and Prof., whatever their case', () => {
    expect(initials('Hon. Sadia Yasin')).toBe('SY');
    expect(initials('Dr. Hamza Abdi Barre')).toBe('HA');
    expect(initials('PROF. Faadumo Ali')).toBe('FA');
    expect(initials('hon Mahdi Guled MP')).toBe('MG');
    expect(initials('MP Khadija Mohamed')).toBe('KM');
    expect(initials('Hon. Dr. Ilhan Jama')).toBe('IJ');
  });

  it('keeps words that only start like a title', () => {
    expect(initials('Honey Drake')).toBe('HD');
  });

  it('upper-cases, skips punctuation and reads non-Latin letters', () => {
    expect(initials('cabdi (timacadde) xasan')).toBe('CT');
    expect(initials('Senator, Puntland seat 3')).toBe('SP');
    expect(initials('عبدي حسن')).toBe('عح');
  });
});
