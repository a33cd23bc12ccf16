export { getToken, setToken, clearToken, TOKEN_KEY } from './token';
export { configureApi, apiUrl, type ApiConfig } from './config';
export { openSocket } from './socket';
export { ApiError, MSG_NO_RESPONSE, MSG_REQUEST_FAILED, MSG_SERVER_TROUBLE, statusMessage } from './errors';
export {
  adoptPrefetched,
  call,
  post,
  prefetch,
  PREFETCH_TTL_MS,
  upload,
  download,
  downloadBlob,
  saveBlob,
  REQUEST_TIMEOUT,
  TRANSFER_TIMEOUT,
  type CallOptions,
} from './client';
// Callers compare ApiError.code against these; re-exported so they need not import contracts.
export { Code } from '@exam/contracts';
