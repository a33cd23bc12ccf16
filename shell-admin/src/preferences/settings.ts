import { useEffect, useState } from 'react';
import { generate, getRgbStr } from '@arco-design/color';

/** Settings drawer values (spec admin §2), kept in this browser. */
export interface LayoutSettings {
  themeColor: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
}

const STORAGE_KEY = 'admin-layout-settings';
export const DEFAULT_SETTINGS: LayoutSettings = { themeColor: '#165DFF', tagsView: true, fixedHeader: true, sidebarLogo: true };

function readSettings(): LayoutSettings {
  try {
    return { ...DEFAULT_SETTINGS, ...JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') };
  } catch {
    return DEFAULT_SETTINGS;
  }
}

/** Arco colours everything primary from --arcoblue-1..10; a new palette recolours the whole UI. */
function applyThemeColor(color: string) {
  generate(color, { list: true }).forEach((shade, i) => {
    document.body.style.setProperty(`--arcoblue-${i + 1}`, getRgbStr(shade));
  });
}

export function useLayoutSettings() {
  const [settings, setSettings] = useState(readSettings);
  useEffect(() => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(settings));
    applyThemeColor(settings.themeColor);
  }, [settings]);
  const change = (patch: Partial<LayoutSettings>) => setSettings((s) => ({ ...s, ...patch }));
  return [settings, change] as const;
}
