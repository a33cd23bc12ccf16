import { Drawer } from '@arco-design/web-react';

export default Drawer;
