/** A menu `component` value `<domain>/<View>` names view `View` of remote `mfe_<domain>`. */
export interface ViewKey {
  domain: string;
  remote: string;
  view: string;
}

const VIEW_KEY = /^\/?([a-z][a-z0-9]*)\/([A-Za-z][A-Za-z0-9]*)$/;

/** The parts of a view key, or null when the value is not one (typo, legacy path). */
export function parseViewKey(key: string): ViewKey | null {
  const match = VIEW_KEY.exec(key.trim());
  if (!match) return null;
  const [, domain, view] = match;
  return { domain, remote: `mfe_${domain}`, view };
}
