/** Every failed call ends in this error; `status` is 0 when no response arrived. */
export class ApiError extends Error {
  readonly code: number;
  readonly msg: string;
  readonly status: number;

  constructor(code: number, msg: string, status: number) {
    super(msg);
    this.name = 'ApiError';
    this.code = code;
    this.msg = msg;
    this.status = status;
  }
}

/** Wording of spec admin §8 for replies that carry no envelope. */
export const MSG_NO_RESPONSE = '服务器无法连接或无法响应！';
export const MSG_SERVER_TROUBLE = '服务器开小差了！';
export const MSG_REQUEST_FAILED = '请求服务器出错！';

const STATUS_MSG: Record<number, string> = {
  400: '缺少必要参数或参数类型错误！',
  404: '接口地址错误，请联系管理员！',
  500: MSG_SERVER_TROUBLE,
  502: '无法连接服务器！',
};

export const statusMessage = (status: number) => STATUS_MSG[status] ?? MSG_REQUEST_FAILED;

/** Codes without an HTTP status of their own (network failure, unreadable reply). */
export const CODE_NO_RESPONSE = -1;
export const CODE_BAD_REPLY = -2;
