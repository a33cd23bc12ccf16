import { Input, Message, Modal } from '@arco-design/web-react';

export { Input, Message, Modal };
