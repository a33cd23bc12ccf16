export interface ApiConfig {
  /** Prefix put before every contract path ('' = same origin). */
  baseUrl: string;
  /** Shows an error to the user (the shells pass Arco `Message.error`). */
  notify: (msg: string) => void;
  /** Code 10010002: the token is gone or expired. */
  onAuthExpired: () => void;
  /** Code 10010015: the licence is invalid. */
  onLicense: () => void;
  /** A call waits its turn at a busy server (Code.BUSY, sent again by itself): tells the user it is queued. */
  onBusy: (msg: string) => void;
}

const currentPath = () => location.pathname + location.search;

const defaults: ApiConfig = {
  baseUrl: '',
  notify: () => {},
  onAuthExpired: () => {
    location.href = '/pages/login/login?redirect=' + encodeURIComponent(currentPath());
  },
  onLicense: () => {
    location.href = '/license';
  },
  onBusy: () => {},
};

/** Read by the client on every call, so a shell may configure after modules imported the client. */
export const apiConfig: ApiConfig = { ...defaults };

export function configureApi(options: Partial<ApiConfig>): void {
  for (const [key, value] of Object.entries(options)) {
    // An explicit undefined must not wipe a default.
    if (value !== undefined) Object.assign(apiConfig, { [key]: value });
  }
}

/** Absolute address of an API path, for `<img src>` and the like (captcha image). */
export const apiUrl = (path: string) => apiConfig.baseUrl + path;
