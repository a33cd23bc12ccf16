import type { ReactNode } from 'react';
import { IconClose } from '@arco-design/web-react/icon';

export interface ErrorResultProps {
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
}

/**
 * Arco's `<Result status="error">`, drawn with its classes but without the component: Result bundles its 403/404/500
 * pictures (28 KB gzip) into every page that may fail, and an error screen must show even when little else loads.
 */
export function ErrorResult({ title, subTitle, extra }: ErrorResultProps) {
  return (
    <div className="arco-result arco-result-is-error">
      <div className="arco-result-icon">
        <span className="arco-result-icon-tip arco-result-icon-error">
          <IconClose />
        </span>
      </div>
      <div className="arco-result-title">{title}</div>
      {subTitle && <div className="arco-result-subtitle">{subTitle}</div>}
      {extra && <div className="arco-result-extra">{extra}</div>}
    </div>
  );
}
