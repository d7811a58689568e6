import type { ElementProps, Menu as MantineMenu, MenuItemProps, MenuProps } from '@mantine/core';
import {
  Children,
  type ComponentProps,
  cloneElement,
  createContext,
  isValidElement,
  type ReactElement,
  type RefObject,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { usePageHydrated } from '../../lib/slice';

/**
 * Mantine's Menu, whose code (Menu, Popover, floating-ui: about 20 KB gzip) downloads when a reader shows
 * intent (pointer over, focus, touch) instead of with every first visit. Same API as the parts of Menu
 * the header uses: until the code is here only the target renders; a click before then opens the menu as
 * soon as it has arrived, and a target that had keyboard focus keeps it when the real menu replaces it.
 */
type RealMenu = typeof MantineMenu;

let realMenu: RealMenu | null = null;
let download: Promise<void> | null = null;
const listeners = new Set<() => void>();

function loadMenu(): Promise<void> {
  download ??= import('./menu-impl').then((module) => {
    realMenu = module.Menu;
    for (const listener of listeners) listener();
  });
  return download;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function useRealMenu(): RealMenu | null {
  return useSyncExternalStore(
    subscribe,
    () => realMenu,
    () => null,
  );
}

const TargetRef = createContext<RefObject<HTMLElement | null> | null>(null);

function Target({ children, ...props }: ComponentProps<RealMenu['Target']>) {
  const Real = useRealMenu();
  const ref = useContext(TargetRef);
  if (!Real) return null;
  return (
    <Real.Target {...props}>
      {isValidElement<{ ref?: unknown }>(children) && ref ? cloneElement(children, { ref }) : children}
    </Real.Target>
  );
}

function Dropdown(props: ComponentProps<RealMenu['Dropdown']>) {
  const Real = useRealMenu();
  return Real && <Real.Dropdown {...props} />;
}

function Label(props: ComponentProps<RealMenu['Label']>) {
  const Real = useRealMenu();
  return Real && <Real.Label {...props} />;
}

// Menu.Item is polymorphic; the header's items are buttons.
function Item(props: MenuItemProps & ElementProps<'button', keyof MenuItemProps>) {
  const Real = useRealMenu();
  return Real && <Real.Item {...props} />;
}

function Divider(props: ComponentProps<RealMenu['Divider']>) {
  const Real = useRealMenu();
  return Real && <Real.Divider {...props} />;
}

function DeferredMenu({ children, defaultOpened, ...props }: MenuProps) {
  const loaded = useRealMenu();
  // The real menu replaces the target button, so it waits until the page has hydrated: a tap made before then
  // is kept (public/theme-init.js) and made again on this very button (root.tsx), which it would have removed.
  // React may see the tap's hover or focus while hydrating, and load the code, yet never its click.
  const Real = usePageHydrated() ? loaded : null;
  const [openRequested, setOpenRequested] = useState(false);
  // Between a press and its click the placeholder must stay: if the real menu replaced it then, the click
  // would land on a button that no longer exists and the reader's tap would be lost.
  const [pressing, setPressing] = useState(false);
  const targetRef = useRef<HTMLElement>(null);
  const hadFocus = useRef(false);
  // A menu opened by the click that downloaded it manages focus itself (into its items).
  const restoreFocus = Real && hadFocus.current && !openRequested;
  useEffect(() => {
    if (restoreFocus) targetRef.current?.focus();
  }, [restoreFocus]);
  if (Real && !pressing) {
    return (
      <TargetRef.Provider value={targetRef}>
        <Real {...props} defaultOpened={defaultOpened ?? openRequested}>
          {children}
        </Real>
      </TargetRef.Provider>
    );
  }
  const target = Children.toArray(children).find(
    (child): child is ReactElement<{ children: ReactElement<Record<string, unknown>> }> =>
      isValidElement(child) && child.type === Target,
  );
  if (!target) return null;
  const load = () => void loadMenu();
  return cloneElement(target.props.children, {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerEnter: load,
    onPointerDown: () => {
      setPressing(true);
      load();
    },
    onPointerLeave: () => setPressing(false),
    onPointerCancel: () => setPressing(false),
    onFocus: () => {
      hadFocus.current = true;
      load();
    },
    onBlur: () => {
      hadFocus.current = false;
    },
    onClick: () => {
      setOpenRequested(true);
      setPressing(false);
      load();
    },
  });
}

export const Menu = Object.assign(DeferredMenu, { Target, Dropdown, Label, Item, Divider });
