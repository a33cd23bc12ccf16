import type { ReactNode } from 'react';
import { IconClose, IconExclamation } from '@arco-design/web-react/icon';
// Result's stylesheet: the markup below is Result's, drawn without the component.
import '@arco-design/web-react/es/Result/style/css.js';

export interface ErrorResultProps {
  /** 'warning' for a refusal the user can act on (an exam not open), 'error' (default) for a failure. */
  status?: 'error' | 'warning';
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
}

/**
 * Arco's `<Result status="error">` (or "warning"), drawn with its classes but without the component: Result bundles its 403/404/500
 * pictures (28 KB gzip) into every page that may fail, and an error screen must show even when little else loads.
 */
export function ErrorResult({ status = 'error', title, subTitle, extra }: ErrorResultProps) {
  return (
    <div className={`arco-result arco-result-is-${status}`}>
      <div className="arco-result-icon">
        <span className={`arco-result-icon-tip arco-result-icon-${status}`}>
          {status === 'error' ? <IconClose /> : <IconExclamation />}
        </span>
      </div>
      <div className="arco-result-title">{title}</div>
      {subTitle && <div className="arco-result-subtitle">{subTitle}</div>}
      {extra && <div className="arco-result-extra">{extra}</div>}
    </div>
  );
}
