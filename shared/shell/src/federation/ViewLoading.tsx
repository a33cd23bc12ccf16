import { Spin } from '@arco-design/web-react';

/** The spinner in a view's place while it (or the access check) loads. */
export const ViewLoading = () => (
  <div style={{ display: 'flex', justifyContent: 'center', padding: 80 }}>
    <Spin dot />
  </div>
);
