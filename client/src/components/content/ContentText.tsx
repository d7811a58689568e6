import { Badge, Group, Text } from '@mantine/core';
import {
  type BilingualText,
  type ContentLanguage,
  missingLanguages,
  type PickedText,
  pickText,
} from '@shared/bilingual';
import { useTranslation } from 'react-i18next';

/** The reader's language as the content's: Somali or English (docs/decisions/021-bilingual-content.md). */
function useContentLanguage(): ContentLanguage {
  const { i18n } = useTranslation();
  return i18n.language === 'so' ? 'so' : 'en';
}

/**
 * A text staff wrote, in the reader's language, else in the other one: then marked with its own `lang` (a screen
 * reader reads it with the right voice) and a small note naming the language.
 */
export function ContentText({ text }: { text: BilingualText }) {
  const { t } = useTranslation();
  const picked = pickText(text, useContentLanguage());
  if (!picked) return null;
  if (!picked.fallback) return picked.text;
  return (
    <>
      <span lang={picked.language}>{picked.text}</span>{' '}
      <Text component="span" size="xs" c="dimmed" data-fallback-language={picked.language}>
        {/* One text node: a server-rendered page's text reads "(in Somali)", with no split around the name. */}
        {`(${t(`language.shownIn.${picked.language}`)})`}
      </Text>
    </>
  );
}

/**
 * The same choice as plain text, where no element can carry a marker (a page's title, an aria-label, a chart's
 * label): the reader's language, else the other one.
 */
export function useContentText(): (text: BilingualText) => string {
  const language = useContentLanguage();
  return (text) => pickText(text, language)?.text ?? '';
}

/** The picked text itself, for a component that lays the marker out its own way. */
export function usePickedText(text: BilingualText): PickedText | null {
  return pickText(text, useContentLanguage());
}

/**
 * On staff lists: a badge per language an entry's texts still lack ("No Somali"), so staff see what is left to
 * translate; nothing when every written text has both.
 */
export function MissingLanguages({ texts }: { texts: BilingualText[] }) {
  const { t } = useTranslation();
  const missing = missingLanguages(...texts);
  if (missing.length === 0) return null;
  return (
    <Group gap={4} component="span">
      {missing.map((language) => (
        <Badge key={language} color="yellow" variant="light" data-missing-language={language}>
          {t(`language.missing.${language}`)}
        </Badge>
      ))}
    </Group>
  );
}
