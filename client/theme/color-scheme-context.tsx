// The colour-scheme choice, shared app-wide: read from the color-scheme cookie at start-up, saved
// there when the user chooses, following the browser's light or dark preference while the mode
// is `system`.
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { readCookie, writePreferenceCookie } from '../lib/cookies';
import { useFirstRender } from '../lib/first-render';
import {
  COLOR_SCHEME_COOKIE,
  type ColorScheme,
  type ColorSchemeChoice,
  colorSchemeName,
  defaultChoice,
  parseColorSchemeName,
  resolveColorScheme,
} from './color-scheme';
import { applyColorSchemeToDocument } from './document-color-scheme';
import { useColorFamily } from './m3-colors';

interface ColorSchemeState {
  /** What the user chose (or the default): may be `system`. */
  choice: ColorSchemeChoice;
  /** The theme in use now. */
  scheme: ColorScheme;
  choose(choice: ColorSchemeChoice): void;
}

const ColorSchemeContext = createContext<ColorSchemeState | null>(null);

const darkQuery = '(prefers-color-scheme: dark)';

function subscribeToDarkPreference(onChange: () => void): () => void {
  const query = window.matchMedia(darkQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const prefersDarkNow = () => window.matchMedia(darkQuery).matches;

function parseChoice(saved: string | undefined): ColorSchemeChoice {
  return (saved && parseColorSchemeName(saved)) || defaultChoice;
}

export function ColorSchemeProvider({ children }: { children: ReactNode }) {
  // A server-rendered page was drawn for the preference the server assumed; hydration agrees
  // with it, then follows the browser's.
  const firstRender = useFirstRender();
  const [choice, setChoice] = useState(() =>
    parseChoice(firstRender ? firstRender.colorSchemeCookie : readCookie(COLOR_SCHEME_COOKIE)),
  );
  const prefersDark = useSyncExternalStore(
    subscribeToDarkPreference,
    prefersDarkNow,
    () => firstRender?.prefersDark ?? false,
  );
  const scheme = useMemo(() => resolveColorScheme(choice, prefersDark), [choice, prefersDark]);
  // A page that starts in another family than the base one waits for its colours' chunk here.
  useColorFamily(scheme.family);
  const choose = useCallback((next: ColorSchemeChoice) => {
    writePreferenceCookie(COLOR_SCHEME_COOKIE, colorSchemeName(next));
    setChoice(next);
  }, []);
  useLayoutEffect(() => applyColorSchemeToDocument(scheme), [scheme]);
  const value = useMemo(() => ({ choice, scheme, choose }), [choice, scheme, choose]);
  return <ColorSchemeContext.Provider value={value}>{children}</ColorSchemeContext.Provider>;
}

export function useColorSchemeChoice(): ColorSchemeState {
  const state = useContext(ColorSchemeContext);
  if (!state) throw new Error('useColorSchemeChoice must be used inside <ColorSchemeProvider>');
  return state;
}
