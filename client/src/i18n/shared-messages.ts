import { translateMessage } from '../../../shared/i18n/messages';
import { i18n } from './index';

/**
 * A message from shared/ (the zod schemas' validation messages, the spec's poll and vote sentences) in the
 * reader's language. The server translates the same catalog for its answers, so a form and its procedure
 * say the same thing in the same words.
 */
export function sharedText(message: string): string {
  return translateMessage(message, i18n.language === 'so' ? 'so' : 'en');
}
