import { Button } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LANGUAGE_NAMES, LANGUAGE_PARAMETER, LANGUAGES, type Language } from '../../i18n/language';
// The header's menus download their code on first use, not with the first render (DeferredMenu).
import { Menu } from './DeferredMenu';

/** Somali or English; remembered in localStorage 'lang', and <html lang> follows (i18n/index.ts). */
export function LanguageMenu({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage === 'so' ? 'so' : 'en';
  const [params, setParams] = useSearchParams();
  const choose = (language: Language) => {
    void i18n.changeLanguage(language);
    // A link that named a language (`?lang=so`) would name it again on a reload: the reader's choice wins.
    if (params.has(LANGUAGE_PARAMETER)) {
      const rest = new URLSearchParams(params);
      rest.delete(LANGUAGE_PARAMETER);
      setParams(rest, { replace: true, preventScrollReset: true });
    }
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          h={44}
          px="xs"
          fullWidth={fullWidth}
          leftSection={<IconLanguage size={18} aria-hidden />}
          // The name starts with the visible code (WCAG 2.5.3: speech users say what they see).
          aria-label={t('language.change', { code: current.toUpperCase(), current: LANGUAGE_NAMES[current] })}
          data-testid="language-menu"
        >
          {current.toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language.label')}</Menu.Label>
        {LANGUAGES.map((language) => (
          <Menu.Item
            key={language}
            lang={language}
            onClick={() => choose(language)}
            aria-current={language === current ? 'true' : undefined}
            fw={language === current ? 700 : undefined}
            mih={44}
          >
            {LANGUAGE_NAMES[language]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
