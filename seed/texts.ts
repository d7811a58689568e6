import soCommon from '@client/i18n/locales/so/common.json' with { type: 'json' };
import { ENGLISH } from '@shared/calendar';

/**
 * The demo's texts in both languages (docs/decisions/021-bilingual-content.md): what staff would write in each, so
 * a Somali visitor reads the demo in Somali. People's names are never translated.
 */
export interface DemoText {
  en: string;
  so: string;
}

/** The demo's parties, shared by its elections and its polls. */
export const PARTIES = {
  midnimo: { en: 'Midnimo Party', so: 'Xisbiga Midnimo' },
  horseed: { en: 'Horseed Alliance', so: 'Isbahaysiga Horseed' },
  justice: { en: 'Justice and Development', so: 'Caddaaladda iyo Horumarka' },
  independent: { en: 'Independent', so: 'Madax-bannaan' },
  youthVoice: { en: 'Youth Voice', so: 'Codka Dhallinyarada' },
  futureSomalia: { en: 'Future Somalia', so: 'Mustaqbalka Soomaaliya' },
  unity: { en: 'Unity Movement', so: 'Dhaqdhaqaaqa Midnimada' },
} as const satisfies Record<string, DemoText>;

/** The same sentence closes every demo election's description. */
export const DEMO_NOTE: DemoText = {
  en: 'Demonstration election with sample candidates and votes.',
  so: 'Doorasho tusaale ah oo leh musharraxiin iyo codad tusaale ah.',
};

/** "November 2026" and "Noofeembar 2026" for a month key 'YYYY-MM', with the site's own month names. */
export function monthName(key: string): DemoText {
  const [year, month] = key.split('-').map(Number) as [number, number];
  const somali = soCommon.calendar.months[String(month) as keyof typeof soCommon.calendar.months];
  return { en: `${ENGLISH.month(month, 'long')} ${year}`, so: `${somali} ${year}` };
}
