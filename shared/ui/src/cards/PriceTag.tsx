import { Tag } from '@arco-design/web-react';

/** The tag text (spec learner §3): ￥price, N积分, both joined by +, or 免费 when neither is set. */
export const priceText = (price: number, points = 0) =>
  [price > 0 ? `￥${price}` : '', points > 0 ? `${points}积分` : ''].filter(Boolean).join('+') || '免费';

/** Price and points when something costs either, otherwise a free tag (courses, exams, banks). */
export const PriceTag = ({ price, points = 0 }: { price: number; points?: number }) =>
  price > 0 || points > 0 ? <Tag color="orangered">{priceText(price, points)}</Tag> : <Tag color="green">免费</Tag>;
