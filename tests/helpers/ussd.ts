import { USSD_SCREEN_LIMIT } from '@shared/ussd';
import { expect } from 'vitest';

export const USSD_TEST_KEY = 'ussd-test-key-0123456789abcdef';

/** A gateway over real HTTP: each answer is checked to be one screen, "CON " or "END ", never a 5xx. */
export function gatewayFor(origin: string, key = USSD_TEST_KEY) {
  const screens: string[] = [];
  async function post(
    fields: Record<string, string>,
    options: { key?: string | null; headers?: Record<string, string> } = {},
  ) {
    const query = options.key === null ? '' : `?key=${encodeURIComponent(options.key ?? key)}`;
    const response = await fetch(`${origin}/api/ussd${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...options.headers },
      body: new URLSearchParams(fields),
    });
    return { status: response.status, body: await response.text() };
  }
  /** One request of a session: the answer's text, after checking its length and prefix. */
  async function dial(phoneNumber: string, sessionId: string, text: string): Promise<string> {
    const { status, body } = await post({ sessionId, serviceCode: '*384*1#', phoneNumber, text });
    expect(status, body).toBe(200);
    expect(body).toMatch(/^(CON|END) /);
    expect(body.length, body).toBeLessThanOrEqual(USSD_SCREEN_LIMIT);
    screens.push(body);
    return body;
  }
  return { origin, post, dial, screens };
}
