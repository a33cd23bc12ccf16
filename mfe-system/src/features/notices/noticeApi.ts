import { NoticeCalls } from '@exam/contracts';
import { mutationCall, queryCall } from '@exam/store';
import { systemApiBase } from '../../systemApi';

export const noticeApi = systemApiBase.injectEndpoints({
  endpoints: (b) => ({
    noticeDetail: queryCall(b, NoticeCalls.detail, { providesTags: ['Notice'] }),
    // The learner's page says 公告不存在或已下线！ itself rather than a notification.
    noticeView: queryCall(b, NoticeCalls.detail, { providesTags: ['Notice'], silent: true }),
    noticeSave: mutationCall(b, NoticeCalls.save, { invalidatesTags: ['Notice'] }),
    noticeState: mutationCall(b, NoticeCalls.state, { invalidatesTags: ['Notice'] }),
  }),
});

export const { useNoticeDetailQuery, useNoticeViewQuery, useNoticeSaveMutation, useNoticeStateMutation } = noticeApi;
