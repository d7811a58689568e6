import type { AppDeps } from '../../deps';
import type { Env } from '../../env';

export interface SmsMessage {
  /** E.164, as server/auth/phone-numbers.ts reads every number. */
  to: string;
  text: string;
}

/** How an SMS leaves the server. Nothing calls `send` but sendSms (send.ts), which takes the limits first. */
export interface SmsTransport {
  send(message: SmsMessage): Promise<void>;
}

/** A gateway that does not answer in this time is counted as failed; the caller logs it. */
const GATEWAY_TIMEOUT_MS = 10_000;

const AFRICASTALKING_LIVE = 'https://api.africastalking.com/version1/messaging';
const AFRICASTALKING_SANDBOX = 'https://api.sandbox.africastalking.com/version1/messaging';

/** Africa's Talking's recipient status codes that mean the message was taken: processed, sent, queued. */
const AFRICASTALKING_ACCEPTED = new Set([100, 101, 102]);

/**
 * Africa's Talking, through its plain HTTP API (a form POST with the account's API key in a header): its SDK
 * would bring axios, lodash, joi and a second phone-number library for this one request. The user name
 * "sandbox" sends to their simulator.
 */
function africasTalking(username: string, apiKey: string, senderId: string | undefined): SmsTransport {
  const url = username === 'sandbox' ? AFRICASTALKING_SANDBOX : AFRICASTALKING_LIVE;
  return {
    async send(message) {
      const form = new URLSearchParams({ username, to: message.to, message: message.text });
      if (senderId) form.set('from', senderId);
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          apiKey,
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: form,
        signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`Africa's Talking answered ${response.status}`);
      const body = (await response.json()) as {
        SMSMessageData?: { Recipients?: { statusCode?: number; status?: string }[] };
      };
      const recipient = body.SMSMessageData?.Recipients?.[0];
      if (!recipient || !AFRICASTALKING_ACCEPTED.has(recipient.statusCode ?? 0)) {
        throw new Error(
          `Africa's Talking did not take the SMS: ${recipient?.status ?? 'no recipient in answer'}`,
        );
      }
    },
  };
}

/**
 * Any local aggregator: a JSON POST of `{ to, text }` to the operator's URL, with the shared secret (when set)
 * as a bearer token so the aggregator can tell Codka's requests from anyone else's.
 */
function webhook(url: string, secret: string | undefined): SmsTransport {
  return {
    async send(message) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (secret) headers.authorization = `Bearer ${secret}`;
      const response = await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ to: message.to, text: message.text }),
        signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`the SMS webhook answered ${response.status}`);
    },
  };
}

/**
 * Africa's Talking when its user name and key are set, else the webhook when its URL is, else the log: one
 * line per SMS with the number and the text, so sign-up by phone works on a laptop as e-mail does.
 */
export function createSmsTransport(env: Env, log: AppDeps['log']): SmsTransport {
  if (env.AFRICASTALKING_USERNAME && env.AFRICASTALKING_API_KEY) {
    return africasTalking(
      env.AFRICASTALKING_USERNAME,
      env.AFRICASTALKING_API_KEY,
      env.AFRICASTALKING_SENDER_ID,
    );
  }
  if (env.SMS_WEBHOOK_URL) return webhook(env.SMS_WEBHOOK_URL, env.SMS_WEBHOOK_SECRET);
  return {
    async send(message) {
      log.info({ sms: message }, `SMS to ${message.to}: ${message.text}`);
    },
  };
}

/** A transport that keeps what it sends, for tests. */
export function createMemorySmsTransport(): SmsTransport & { sent: SmsMessage[] } {
  const sent: SmsMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}
