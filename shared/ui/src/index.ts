// React 19 removed ReactDOM.render; Arco's Message and Modal need createRoot handed over once per bundle.
import '@arco-design/web-react/es/_util/react-19-adapter';

export { PagingTable } from './paging/PagingTable';
export type { PagingActions, PagingTableHandle, PagingTableProps, Row, RowId } from './paging/types';
export { Permission, type PermissionProps } from './Permission';
export { confirmAction, type ConfirmOptions } from './confirmAction';
export { RemoteBoundary, type RemoteBoundaryProps } from './RemoteBoundary';
export { PageContainer, type PageContainerProps } from './PageContainer';
export { usePagingQuery } from './paging/usePagingQuery';
export { PagedCardGrid } from './cards/PagedCardGrid';
export { PriceTag } from './cards/PriceTag';
