import { Tag } from '@arco-design/web-react';

/** Price tag when something costs money, otherwise a free tag (courses, exams, banks). */
export const PriceTag = ({ price }: { price: number }) =>
  price > 0 ? <Tag color="orangered">¥{price}</Tag> : <Tag color="green">免费</Tag>;
