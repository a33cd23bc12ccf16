import { Pagination } from '@arco-design/web-react';

export default Pagination;
