import { ActionIcon, Button, useMantineColorScheme } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconPhotoOff, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDataSaver } from '../../lib/data-saver';
import { useHydrated } from '../../lib/hydrated';
// The header's menus download their code on first use, not with the first render (DeferredMenu).
import { Menu } from './DeferredMenu';

const OPTIONS = [
  { value: 'light', label: 'theme.light', icon: IconSun },
  { value: 'dark', label: 'theme.dark', icon: IconMoon },
  { value: 'auto', label: 'theme.system', icon: IconDeviceDesktop },
] as const;

/**
 * Light, dark or system theme (Mantine's manager stores the choice under localStorage 'theme'), and the data
 * saver switch: both are "how the site looks and loads", and the header has no room for another button at 360 px.
 * The drawer's copy (`inDrawer`) is a full-width button named in words, without the data saver (the drawer has
 * its own switch); the header's icon gives way to it on the narrowest phones.
 */
export function ThemeMenu({ inDrawer = false, className }: { inDrawer?: boolean; className?: string }) {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  // The reader's choice is in the browser's storage only: the server's HTML (the same for everyone) and the
  // browser's first render show "system", the choice right after hydration.
  const shown = useHydrated() ? colorScheme : 'auto';
  const current = OPTIONS.find((option) => option.value === shown) ?? OPTIONS[2];
  const CurrentIcon = current.icon;
  const [dataSaver, setDataSaver] = useDataSaver();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        {inDrawer ? (
          <Button
            variant="default"
            h={44}
            fullWidth
            leftSection={<CurrentIcon size={18} aria-hidden />}
            data-testid="drawer-theme-menu"
          >
            {t('theme.state', { current: t(current.label) })}
          </Button>
        ) : (
          <ActionIcon
            variant="default"
            size={44}
            aria-label={t('theme.change', { current: t(current.label) })}
            data-testid="theme-menu"
            className={className}
          >
            <CurrentIcon size={20} aria-hidden />
          </ActionIcon>
        )}
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('theme.label')}</Menu.Label>
        {OPTIONS.map(({ value, label, icon: Icon }) => (
          <Menu.Item
            key={value}
            leftSection={<Icon size={16} aria-hidden />}
            onClick={() => setColorScheme(value)}
            aria-current={value === colorScheme ? 'true' : undefined}
            fw={value === colorScheme ? 700 : undefined}
            mih={44}
          >
            {t(label)}
          </Menu.Item>
        ))}
        {!inDrawer && (
          <>
            <Menu.Divider />
            {/* Mantine's menu items are role menuitem (no checked state): the item says on or off in its text. */}
            <Menu.Item
              leftSection={<IconPhotoOff size={16} aria-hidden />}
              onClick={() => setDataSaver(!dataSaver)}
              data-testid="data-saver-toggle"
              mih={44}
            >
              {t('dataSaver.state', { state: dataSaver ? t('dataSaver.on') : t('dataSaver.off') })}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
