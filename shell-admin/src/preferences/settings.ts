import { useEffect, useState } from 'react';

/** Settings drawer values (spec admin §2), kept in this browser. */
export interface LayoutSettings {
  themeColor: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
}

const STORAGE_KEY = 'admin-layout-settings';
export const DEFAULT_SETTINGS: LayoutSettings = {
  themeColor: '#165DFF',
  tagsView: true,
  fixedHeader: true,
  sidebarLogo: true,
};

function readSettings(): LayoutSettings {
  try {
    return { ...DEFAULT_SETTINGS, ...JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') };
  } catch {
    return DEFAULT_SETTINGS;
  }
}

type Style = Pick<CSSStyleDeclaration, 'setProperty' | 'removeProperty'>;
let applying = 0;

/**
 * Arco colours everything primary from --arcoblue-1..10; a new palette recolours the whole UI. Arco's own sheet holds
 * the default palette, so only another colour needs the palette library: loaded then (9 KB), not on every first load.
 */
export async function applyThemeColor(color: string, style: Style = document.body.style): Promise<void> {
  const mine = ++applying; // a later choice wins over an earlier one still loading the library
  if (color.toLowerCase() === DEFAULT_SETTINGS.themeColor.toLowerCase()) {
    for (let i = 1; i <= 10; i++) style.removeProperty(`--arcoblue-${i}`);
    return;
  }
  const { generate, getRgbStr } = await import('@arco-design/color');
  if (mine !== applying) return;
  generate(color, { list: true }).forEach((shade, i) => style.setProperty(`--arcoblue-${i + 1}`, getRgbStr(shade)));
}

export function useLayoutSettings() {
  const [settings, setSettings] = useState(readSettings);
  useEffect(() => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(settings));
    void applyThemeColor(settings.themeColor);
  }, [settings]);
  const change = (patch: Partial<LayoutSettings>) => setSettings((s) => ({ ...s, ...patch }));
  return [settings, change] as const;
}
