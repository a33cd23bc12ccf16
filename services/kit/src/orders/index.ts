export { ORDER_MOVES, movesInto } from './order-state';
export { type SaleItem, saleItem } from './sale-items';
export {
  type OrderRecord,
  boughtSql,
  closeOrder,
  hasBought,
  itemUsed,
  moveOrder,
  openOrder,
  orderEvent,
  orderNo,
  orderView,
  payOrder,
  takeBack,
} from './orders';
