import { CourseFaceCalls } from '@exam/contracts';
import { queryCall } from '@exam/store';
import { courseApiBase } from '../../api';

/** Study face checks of a course for its admins (course:learn). */
export const faceApi = courseApiBase.injectEndpoints({
  endpoints: (b) => ({
    facePaging: queryCall(b, CourseFaceCalls.facePaging),
    capturePaging: queryCall(b, CourseFaceCalls.capturePaging),
  }),
});

export const { useFacePagingQuery, useCapturePagingQuery } = faceApi;
