import { DatePicker } from '@arco-design/web-react';

export default DatePicker.RangePicker;
