import somali from './messages.so.json' with { type: 'json' };

/**
 * The server's messages (errors, validation) in Somali. The catalog (messages.so.json, a file a translator
 * can edit) maps each English message, word for word as the code writes it, to its Somali text. Messages
 * built from parts are templates: "No election with id {{id}}." matches any id, and each part is itself
 * translated when the catalog has it (labels such as "Latitude", rate-limit reasons, "5 minutes").
 */
export const SOMALI_MESSAGES: Readonly<Record<string, string>> = somali;

export type MessageLanguage = 'en' | 'so';

interface Template {
  pattern: RegExp;
  names: string[];
  somali: string;
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

let templates: Template[] | undefined;
function compiledTemplates(): Template[] {
  templates ??= Object.entries(SOMALI_MESSAGES)
    .filter(([english]) => /\{\{\s*\w+\s*\}\}/.test(english))
    .map(([english, somaliText]) => {
      const names: string[] = [];
      const source = english
        .split(PLACEHOLDER)
        .map((part, index) => {
          if (index % 2 === 0) return escapeRegExp(part);
          names.push(part);
          return '(.+?)';
        })
        .join('');
      return { pattern: new RegExp(`^${source}$`, 's'), names, somali: somaliText };
    })
    // The most specific template (most fixed text) wins when two match.
    .sort((a, b) => b.pattern.source.length - a.pattern.source.length);
  return templates;
}

/** A message in the reader's language; English (and anything the catalog lacks) comes back unchanged. */
export function translateMessage(message: string, language: MessageLanguage, depth = 0): string {
  if (language !== 'so' || !message) return message;
  const exact = SOMALI_MESSAGES[message];
  if (exact !== undefined) return exact;
  if (depth > 2) return message;
  for (const template of compiledTemplates()) {
    const match = template.pattern.exec(message);
    if (!match) continue;
    const values = Object.fromEntries(
      template.names.map((name, index) => [
        name,
        translateMessage(match[index + 1] ?? '', language, depth + 1),
      ]),
    );
    return template.somali.replace(PLACEHOLDER, (_, name: string) => values[name] ?? '');
  }
  return message;
}

/** The language a request asks for: Somali when its Accept-Language starts with so, else English. */
export function languageFromHeader(header: string | string[] | undefined): MessageLanguage {
  const value = Array.isArray(header) ? header[0] : header;
  const first = value?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first === 'so' || first.startsWith('so-') ? 'so' : 'en';
}
