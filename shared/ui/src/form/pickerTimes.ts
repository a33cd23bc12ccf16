/**
 * The times a date picker fills when a day is picked. Arco fills the browser's clock, which in a browser set to
 * another zone than the site's (a laptop on UTC) is hours off the times the server shows; a picked day means the
 * whole day instead, in the site's time like every time on the wire. (Arco's `timezone` is no cure: it shifts the
 * wall-clock strings the server sends.)
 */
export const DAY_RANGE_TIMES = { defaultValue: ['00:00:00', '23:59:59'] };
export const DAY_END_TIME = { defaultValue: '23:59:59' };
