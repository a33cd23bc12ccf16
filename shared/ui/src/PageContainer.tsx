import type { ReactNode } from 'react';
import { Card } from '@arco-design/web-react';

export interface PageContainerProps {
  title?: ReactNode;
  /** Top-right corner of the card (buttons, links). */
  extra?: ReactNode;
  children?: ReactNode;
}

/** The card every admin page sits in. */
export function PageContainer({ title, extra, children }: PageContainerProps) {
  return (
    <Card title={title} extra={extra} bordered={false}>
      {children}
    </Card>
  );
}
