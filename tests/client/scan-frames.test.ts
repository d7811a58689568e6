import { cameraProblem, codeFromScan } from '@client/pages/staff/enroll/scan-frames';
import { describe, expect, it } from 'vitest';

/** The registrar's scanner: which QR texts are enrollment codes, and what a camera failure is called. */
describe('codeFromScan', () => {
  it('reads an enrollment code however it was written', () => {
    expect(codeFromScan('ACE47HK9')).toBe('ACE47HK9');
    expect(codeFromScan(' ace4-7hk9\n')).toBe('ACE47HK9');
  });

  it('ignores other QR codes', () => {
    expect(codeFromScan('https://example.so/ACE47HK9')).toBeNull();
    expect(codeFromScan('ACE47HK')).toBeNull();
    expect(codeFromScan('ACE47HK90')).toBeNull();
    // 0/O and 1/I are left out of the alphabet.
    expect(codeFromScan('ACE47HO1')).toBeNull();
  });
});

describe('cameraProblem', () => {
  const named = (name: string) => new DOMException('camera', name);
  it('tells refused, missing and busy cameras apart', () => {
    expect(cameraProblem(named('NotAllowedError'))).toBe('refused');
    expect(cameraProblem(named('SecurityError'))).toBe('refused');
    expect(cameraProblem(named('NotFoundError'))).toBe('noCamera');
    expect(cameraProblem(named('OverconstrainedError'))).toBe('noCamera');
    expect(cameraProblem(named('NotReadableError'))).toBe('busy');
    expect(cameraProblem(new TypeError('getUserMedia is not a function'))).toBe('unsupported');
  });
});
